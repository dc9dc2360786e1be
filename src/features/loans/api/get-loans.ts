/**
 * GET /loan/from-lender-business/{businessId}: a business's loans, newest first, as the
 * spec's Loan entity (spec part 2 §3; server/modules/loans/queries.ts). Amounts are
 * numbers with at most two decimals; the plan terms are those stored on the loan.
 */
import { http } from '../../../api/client';

export type LoanPerson = { firstName: string; lastName: string };

export type LoanBorrower = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  idNumber: string;
  nextOfKinName: string;
  nextOfKinNumber: string;
  nextOfKinRelation: string;
  loanLimit: number;
};

export type LoanPlanTerms = {
  id: number;
  name: string;
  durationInDays: number;
  cycleDays: number;
  interestRate: number;
  processingFee: number;
  fineRateWithinLoanPeriod: number;
  fineRateOverLoanPeriod: number;
  gracePeriodWithinLoanPeriod: number;
  gracePeriodOverLoanPeriod: number;
  lenderBusiness: { id: number; businessName: string; lenderBusinessCode?: string | null };
};

export type Loan = {
  id: number;
  loanCode: string;
  status: string;
  principalAmount: number;
  processingFee: number;
  interestAmount: number;
  initialAmount: number;
  disbursementAmount: number;
  outstandingAmount: number;
  applicationDate: string;
  disbursementDate: string | null;
  dueDate: string | null;
  lenderBusinessId: number;
  borrowerId: number;
  borrower: LoanBorrower;
  requesterAgent: LoanPerson | null;
  approverAgent: LoanPerson | null;
  lenderLoanPlan: LoanPlanTerms;
};

export function getLoans(businessId: number): Promise<Loan[]> {
  return http
    .get<Loan[] | null>(`/loan/from-lender-business/${businessId}`)
    .then((loans) => (Array.isArray(loans) ? loans : []));
}
