/** The second factor's calls (server/modules/auth/factor-routes.ts). */
import { queryOptions } from '@tanstack/react-query';
import { useWrite, type MutationOptions } from './mutations';
import { http } from './client';
import type { Enrolment, FactorStatus } from '../domain/second-factor';

export const factorStatus = () => http.get<FactorStatus>('/auth/second-factor');

export const startEnrolment = () => http.post<Enrolment>('/auth/second-factor/enrol');

export const confirmEnrolment = (code: string) =>
  http.post<{ recoveryCodes: string[] }>('/auth/second-factor/confirm', { code });

export const verifyCode = (code: string) =>
  http.post<{ message: string }>('/auth/second-factor/verify', { code });

export const disableFactor = (code: string) =>
  http.post<{ message: string }>('/auth/second-factor/disable', { code });

export const setBusinessRequirement = (businessId: number, required: boolean) =>
  http.put<{ message: string }>(`/lender-business/${businessId}/second-factor`, { required });

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
