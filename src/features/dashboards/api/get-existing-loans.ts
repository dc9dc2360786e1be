/**
 * Existing loans for the dashboard tables (spec part 1 §3 "Loan", §7): a business's from
 * GET /loan/all-existing-for-lender-business/{id}, one agent's from
 * GET /loan/all-existing-for-lender-business-by-agent/{businessId}/{agentId}.
 */
import { http } from '../../../api/client';

type PersonName = { firstName?: string | null; lastName?: string | null } | null;

export type DashboardLoan = {
  id: number;
  loanCode?: string | null;
  principalAmount?: number | string | null;
  status?: string | null;
  borrower?: PersonName;
  requesterAgent?: PersonName;
  lenderLoanPlan?: { name?: string | null } | null;
};

export const noLoans: DashboardLoan[] = [];

function asList(answer: DashboardLoan[] | null): DashboardLoan[] {
  return Array.isArray(answer) ? answer : [];
}

export async function getBusinessLoans(lenderBusinessId: number): Promise<DashboardLoan[]> {
  return asList(
    await http.get<DashboardLoan[] | null>(
      `/loan/all-existing-for-lender-business/${lenderBusinessId}`,
    ),
  );
}

export async function getAgentLoans(
  lenderBusinessId: number,
  agentId: number,
): Promise<DashboardLoan[]> {
  return asList(
    await http.get<DashboardLoan[] | null>(
      `/loan/all-existing-for-lender-business-by-agent/${lenderBusinessId}/${agentId}`,
    ),
  );
}

/** "First Last" of a borrower or agent; empty when unknown. */
export function personName(person: PersonName | undefined): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ');
}
