/**
 * POST /lenderbusinesstype/create: name, description and businessType;
 * the server records the signed-in administrator's email and answers 201.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { AnswerWith } from '../../../domain/answers';
import type { businessTypeSchema, businessTypeView } from '../../../domain/reference-data';

export type BusinessTypeInput = v.InferOutput<typeof businessTypeSchema>;

export function createBusinessType(
  input: BusinessTypeInput,
): Promise<AnswerWith<typeof businessTypeView>> {
  return http.post('/lenderbusinesstype/create', { body: input });
}

/** Creates a business type; the types list reloads. */
export function useCreateBusinessType(
  options?: MutationOptions<AnswerWith<typeof businessTypeView>, BusinessTypeInput>,
) {
  return useWrite(
    {
      mutationFn: createBusinessType,
      refresh: (queryClient) => void invalidate(queryClient, 'business-types'),
    },
    options,
  );
}
