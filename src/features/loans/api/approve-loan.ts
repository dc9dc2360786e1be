/**
 * PUT /loan/approving-loan-for-borrower/{loanId}/{lenderBusinessId}/approve (empty body):
 * approves a pending loan and sends its disbursement amount to the borrower's M-Pesa.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import type * as v from 'valibot';
import { http } from '../../../api/client';
import type { messageAnswer } from '../../../domain/answers';

export function approveLoan(loanId: number, lenderBusinessId: number) {
  return http.put('/loan/approving-loan-for-borrower/:loanId/:lenderBusinessId/approve', {
    params: { loanId, lenderBusinessId },
  });
}

/**
 * Approves a pending loan and sends its disbursement: the loans, the wallet, the
 * dashboards and the statements reload.
 */
export function useApproveLoan(
  options?: MutationOptions<
    v.InferOutput<typeof messageAnswer>,
    { loanId: number; lenderBusinessId: number }
  >,
) {
  return useWrite(
    {
      mutationFn: ({ loanId, lenderBusinessId }: { loanId: number; lenderBusinessId: number }) =>
        approveLoan(loanId, lenderBusinessId),
      refresh: (queryClient) =>
        void invalidate(queryClient, 'loans', 'wallet', 'dashboard', 'statements'),
    },
    options,
  );
}

/**
 * What follows a disbursement M-Pesa has settled (the loans screen watches it): the loans,
 * the dashboards and the wallet reload. A stable callback.
 */
export function useReloadAfterDisbursement() {
  const queryClient = useQueryClient();
  return useCallback(
    () => void invalidate(queryClient, 'loans', 'dashboard', 'wallet'),
    [queryClient],
  );
}
