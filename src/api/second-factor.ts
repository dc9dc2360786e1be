/** The second factor's calls (server/modules/auth/factor-routes.ts). */
import { queryOptions } from '@tanstack/react-query';
import { useWrite, type MutationOptions } from './mutations';
import { http } from './client';

export const factorStatus = () => http.get('/auth/second-factor');

export const startEnrolment = () => http.post('/auth/second-factor/enrol');

export const confirmEnrolment = (code: string) =>
  http.post('/auth/second-factor/confirm', { body: { code } });

export const verifyCode = (code: string) =>
  http.post('/auth/second-factor/verify', { body: { code } });

export const disableFactor = (code: string) =>
  http.post('/auth/second-factor/disable', { body: { code } });

export const setBusinessRequirement = (businessId: number, required: boolean) =>
  http.put('/lender-business/:id/second-factor', {
    params: { id: businessId },
    body: { required },
  });

/** The signed-in user's second factor: on or off, and which businesses require it. */
export const factorStatusQuery = () =>
  queryOptions({ queryKey: ['profile', 'second-factor'], queryFn: factorStatus });

/**
 * Sets whether a business requires the second factor; the status reloads before the
 * mutation settles, so the switch shows the saved state.
 */
export function useSetBusinessRequirement(
  options?: MutationOptions<{ message: string }, { id: number; required: boolean }>,
) {
  return useWrite(
    {
      mutationFn: ({ id, required }: { id: number; required: boolean }) =>
        setBusinessRequirement(id, required),
      refresh: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: factorStatusQuery().queryKey }),
    },
    options,
  );
}

/** Turns the second factor off with a code (the variable); the status reloads. */
export function useDisableFactor(options?: MutationOptions<{ message: string }, string>) {
  return useWrite(
    {
      mutationFn: disableFactor,
      refresh: (queryClient) =>
        void queryClient.invalidateQueries({ queryKey: factorStatusQuery().queryKey }),
    },
    options,
  );
}
