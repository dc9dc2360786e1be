/**
 * What every write's hook shares. Each write has a `useXxx(options?)` hook beside its
 * fetcher: the hook knows which screens the write changes and reloads them in its own
 * `onSuccess` (or `onSettled`, when a refusal changes them too), then runs the caller's
 * callbacks. A component passes only its UI reactions (a toast, closing a dialog, moving on).
 */
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { OutboxKind } from '../offline/db';
import { useOutboxConfirmed } from '../offline/use-outbox';
import type { ApiError } from './client';
import type { ApiResource } from './query-client';

/** What a caller may add to a write's hook: everything but the call itself. */
export type MutationOptions<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, ApiError, TVariables>,
  'mutationFn'
>;

/**
 * Marks every query of these resources stale (query keys start with their resource, see
 * `apiResources`), so each screen showing one reloads. Resolves once the shown ones have.
 */
export async function invalidate(
  queryClient: QueryClient,
  ...resources: readonly ApiResource[]
): Promise<void> {
  await Promise.all(
    resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
  );
}

/** A write as its hook declares it. */
export type Write<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The cache work after a success, before the caller's `onSuccess`. A promise it returns
   * keeps the mutation pending until it settles; `void` it to let the caller go on at once.
   */
  refresh?: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown;
  /** The cache work after a success or a failure, before the caller's `onSettled`. */
  refreshSettled?: (queryClient: QueryClient) => unknown;
};

export function useWrite<TData, TVariables = void>(
  write: Write<TData, TVariables>,
  options: MutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, onSettled, ...rest } = options;
  return useMutation<TData, ApiError, TVariables>({
    ...rest,
    mutationFn: write.mutationFn,
    onSuccess: async (data, variables, result, context) => {
      await write.refresh?.(queryClient, data, variables);
      return onSuccess?.(data, variables, result, context);
    },
    onSettled: async (data, error, variables, result, context) => {
      await write.refreshSettled?.(queryClient);
      return onSettled?.(data, error, variables, result, context);
    },
  });
}

/**
 * A create whose answer must carry the created record: an answer without one counts as a
 * failure (and reloads nothing).
 */
export function withData<TData extends { data?: unknown } | undefined, TVariables>(
  fetcher: (variables: TVariables) => Promise<TData>,
): (variables: TVariables) => Promise<TData> {
  return async (variables) => {
    const answer = await fetcher(variables);
    if (!answer?.data) throw new Error('The answer carried no data');
    return answer;
  };
}

/** A write's hook, as a shared form takes it. */
export type WriteHook<TData, TVariables> = (
  options?: MutationOptions<TData, TVariables>,
) => UseMutationResult<TData, ApiError, TVariables>;

/**
 * Reloads these resources whenever the outbox confirms a write of this kind: a write kept
 * on the phone reaches the server later, without its hook's `onSuccess`.
 */
export function useReloadWhenSent(kind: OutboxKind, ...resources: readonly ApiResource[]) {
  const queryClient = useQueryClient();
  useOutboxConfirmed(kind, () => void invalidate(queryClient, ...resources));
}
