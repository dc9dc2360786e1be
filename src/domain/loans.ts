/** Loan application and edit (the spec's "Validation rules"), shared by the form and the server. */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { loansText } from '../i18n/loans';
import { hasAtMostTwoDecimals, limitText, MAX_LENGTH, maxLengthOf, pageText } from './fields';
import { idField, numberField } from './lender-profile';

const label = inputText.labels;

const principal = v.pipe(
  numberField(loansText.amountPositive),
  v.minValue(1, loansText.amountPositive),
  v.maxValue(100_000_000, loansText.amountPositive),
  v.check(hasAtMostTwoDecimals, loansText.amountPositive),
);

export const loanApplicationSchema = v.object({
  borrowerId: idField(loansText.borrowerRequired),
  lenderLoanPlanId: idField(loansText.planRequired),
  principalAmount: principal,
  lenderBusinessId: idField(loansText.borrowerNotInBusiness),
});
export type LoanApplicationInput = v.InferInput<typeof loanApplicationSchema>;

export const loanUpdateSchema = v.object({
  loanPlanId: idField(loansText.planRequired),
  principalAmount: principal,
});

export const openLoanStatuses = ['pending', 'disbursing', 'active', 'default'] as const;

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

/**
 * The query of a business's loan list. Without `page` the whole (filtered) list answers,
 * as the spec's client expects; with it, one page, and the matching total in
 * X-Total-Count, so a business with 10,000 loans sends ten rows, not ten thousand.
 */
export const loanListQuerySchema = v.object({
  page: v.optional(pageText),
  limit: v.optional(limitText, '10'),
  status: v.optional(v.picklist(loanStatuses)),
  code: v.optional(v.pipe(v.string(), v.trim(), maxLengthOf(label.loanCode, MAX_LENGTH.loanCode))),
  sort: v.optional(v.picklist(loanSortColumns)),
  order: v.optional(v.picklist(['asc', 'desc']), 'desc'),
});
export type LoanListQuery = v.InferOutput<typeof loanListQuerySchema>;
