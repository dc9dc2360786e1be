/**
 * The business wallet for "My Wallet" (the spec's "Capital transaction", "The calls it makes"):
 * GET /capital/transactions-from-lender-business/{id}.
 */
import { http } from '../../../api/client';

export type CapitalTransaction = {
  id: number;
  source?: string | null;
  amount?: number | string | null;
  balance?: number | string | null;
  createdAt?: string | null;
  lenderBusiness?: { businessName?: string | null } | null;
};

export const noTransactions: CapitalTransaction[] = [];

export async function getCapitalTransactions(
  lenderBusinessId: number,
): Promise<CapitalTransaction[]> {
  const answer = await http.get<CapitalTransaction[] | null>(
    `/capital/transactions-from-lender-business/${lenderBusinessId}`,
  );
  return Array.isArray(answer) ? answer : [];
}
