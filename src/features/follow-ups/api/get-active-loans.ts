/**
 * GET /loan/active-for-follow-up: the active and defaulted loans of the agent's
 * businesses, most overdue first (the spec's "The calls it makes"; server/modules/follow-ups). Dates are
 * ISO strings; amounts numbers with at most two decimals.
 */
import { http } from '../../../api/client';
import type { LoanStatus } from '../../../domain/loans';

export type ActiveLoan = {
  id: number;
  loanCode: string;
  status: LoanStatus;
  principalAmount: number;
  outstandingAmount: number;
  disbursementDate: string | null;
  dueDate: string | null;
  /** As the server counted it; the screens count again from dueDate (src/domain). */
  daysOverdue: number;
  lenderBusinessId: number;
  lenderBusiness: { id: number; businessName: string };
  borrower: {
    id: number;
    firstName: string;
    lastName: string;
    /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
    phoneNumber: string;
    idNumber: string;
  };
  lenderLoanPlan: { name: string; durationInDays: number };
  lastFollowUpAt: string | null;
  followUpCount: number;
};

export function getActiveLoans(): Promise<ActiveLoan[]> {
  return http
    .get<ActiveLoan[] | null>('/loan/active-for-follow-up')
    .then((loans) => (Array.isArray(loans) ? loans : []));
}
