/**
 * GET /repayment/for-lender-business/{businessId}: repayments applied to a business's
 * loans, newest first (server/modules/repayments/routes.ts).
 * A repayment is split into the fines, interest and principal it paid; total is their sum.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { Repayment } from '../../../domain/repayments';

export type { Repayment };

export function getRepayments(businessId: number): Promise<Repayment[]> {
  return http.get('/repayment/for-lender-business/:id', { params: { id: businessId } });
}

export const repaymentsQuery = (businessId: number) =>
  queryOptions({ queryKey: ['repayments', businessId], queryFn: () => getRepayments(businessId) });
