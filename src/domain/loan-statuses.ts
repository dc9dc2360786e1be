/**
 * The loan statuses and the lists made of them (docs/architecture.md §5), with no schema
 * or text beside them: the server's enums, the screens and the phone's working set read
 * these lists without loading the loan forms' validation.
 */
export const openLoanStatuses = ['pending', 'disbursing', 'active', 'default'] as const;
/** Disbursed and still owing: followed up, fined, reminded by SMS, offered for a match. */
export const owingLoanStatuses = ['active', 'default'] as const;
/** Loans a lender may match unassigned repayments to (a repaid loan takes an overpayment). */
export const matchableLoanStatuses = ['active', 'default', 'repaid'] as const;
/** Loans a repayment is applied to; on a written-off loan it is a recovery. */
export const repayableLoanStatuses = ['active', 'default', 'written_off'] as const;
/** Loans a paybill payment may be applied to directly (a repaid loan takes an overpayment). */
export const payableLoanStatuses = ['active', 'default', 'repaid', 'written_off'] as const;

/** Every loan status, in lifecycle order (docs/architecture.md §5). */
export const loanStatuses = [
  'pending',
  'disbursing',
  'active',
  'repaid',
  'default',
  'written_off',
  'rejected',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

/** A fine within the loan period, or over it (after the due date). */
export const fineKinds = ['within', 'over'] as const;

/** Where a refund of overpayment stands. */
export const refundStatuses = ['pending', 'refunded', 'failed'] as const;

/** The columns a loan list can be ordered by, server-side. */
export const loanSortColumns = [
  'applicationDate',
  'disbursementDate',
  'principalAmount',
  'disbursementAmount',
  'outstandingAmount',
  'loanCode',
  'status',
] as const;
export type LoanSortColumn = (typeof loanSortColumns)[number];
