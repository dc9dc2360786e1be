/** Loan application and edit, validated alike by the form and the server. */
import * as v from 'valibot';
import { crbNoticeView } from './crb';
import { inputText } from '../i18n/input';
import { loansText } from '../i18n/loans';
import { amount, answerWith, idValue, timestamp } from './answers';
import { hasAtMostTwoDecimals, limitText, MAX_LENGTH, maxLengthOf, pageText } from './fields';
import { idField, numberField } from './lender-profile';
import { loanSortColumns, loanStatuses } from './loan-statuses';
import { LOAN_LIST_LIMIT } from './paging';

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

export {
  fineKinds,
  loanSortColumns,
  loanStatuses,
  matchableLoanStatuses,
  openLoanStatuses,
  owingLoanStatuses,
  payableLoanStatuses,
  repayableLoanStatuses,
  type LoanSortColumn,
  type LoanStatus,
} from './loan-statuses';

/**
 * The query of a business's loan list. Without `page` the whole (filtered) list answers,
 * as clients written for the unpaged list expect; with it, one page, and the matching total in
 * X-Total-Count, so a business with 10,000 loans sends ten rows, not ten thousand.
 */
export const loanListQuerySchema = v.object({
  page: v.optional(pageText),
  limit: v.optional(limitText, String(LOAN_LIST_LIMIT)),
  status: v.optional(v.picklist(loanStatuses)),
  code: v.optional(v.pipe(v.string(), v.trim(), maxLengthOf(label.loanCode, MAX_LENGTH.loanCode))),
  sort: v.optional(v.picklist(loanSortColumns)),
  order: v.optional(v.picklist(['asc', 'desc']), 'desc'),
});
export type LoanListQuery = v.InferOutput<typeof loanListQuerySchema>;

/** A person named on a loan: who applied for it, who approved it. */
const loanPersonView = v.object({ firstName: v.string(), lastName: v.string() });

/** Who a loan's borrower is: the lists of loans (this one, the follow-ups') carry these. */
export const loanBorrowerIdentity = {
  id: idValue,
  firstName: v.string(),
  lastName: v.string(),
  /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: v.string(),
  idNumber: v.string(),
};

/** The borrower as a loan carries it. */
export const loanBorrowerView = v.object({
  ...loanBorrowerIdentity,
  nextOfKinName: v.string(),
  nextOfKinNumber: v.string(),
  nextOfKinRelation: v.string(),
  loanLimit: amount,
});
export type LoanBorrower = v.InferOutput<typeof loanBorrowerView>;

/** The plan's terms as stored on the loan at application (rates are percentages). */
export const loanPlanTermsView = v.object({
  id: idValue,
  name: v.string(),
  durationInDays: idValue,
  cycleDays: idValue,
  interestRate: amount,
  processingFee: amount,
  fineRateWithinLoanPeriod: amount,
  fineRateOverLoanPeriod: amount,
  gracePeriodWithinLoanPeriod: amount,
  gracePeriodOverLoanPeriod: amount,
  lenderBusiness: v.object({
    id: idValue,
    businessName: v.string(),
    lenderBusinessCode: v.string(),
  }),
});
export type LoanPlanTerms = v.InferOutput<typeof loanPlanTermsView>;

/**
 * A loan as the API answers it (the loan lists, POST /loan/apply,
 * PUT /loan/update-loan/{loanId}). Amounts have at most two decimals.
 */
export const loanView = v.object({
  id: idValue,
  loanCode: v.string(),
  status: v.picklist(loanStatuses),
  principalAmount: amount,
  processingFee: amount,
  interestAmount: amount,
  initialAmount: amount,
  disbursementAmount: amount,
  outstandingAmount: amount,
  applicationDate: timestamp,
  disbursementDate: v.nullable(timestamp),
  dueDate: v.nullable(timestamp),
  /** Why M-Pesa did not pay the last disbursement (the loan is pending again), else null. */
  disbursementFailure: v.nullable(v.string()),
  disbursementFailedAt: v.nullable(timestamp),
  lenderBusinessId: idValue,
  borrowerId: idValue,
  borrower: loanBorrowerView,
  /** Who applied for it and who approved it: the agent among them may read its statement. */
  requesterUserId: v.nullable(idValue),
  approverUserId: v.nullable(idValue),
  requesterAgent: v.nullable(loanPersonView),
  approverAgent: v.nullable(loanPersonView),
  lenderLoanPlan: loanPlanTermsView,
});
export type Loan = v.InferOutput<typeof loanView>;

/** The answer of an application or an edit: { message, data: the loan }. */
export const loanAnswer = answerWith(loanView);
export type LoanAnswer = v.InferOutput<typeof loanAnswer>;

/** A business's (or an agent's) loan stats: pending and active principal, counts per status. */
export const loanStatsView = v.object({
  totalPending: amount,
  totalActiveAmount: amount,
  /** Loans per status: pending and active always, the others once a loan has them. */
  statusCounts: v.object({
    pending: idValue,
    disbursing: v.optional(idValue),
    active: idValue,
    repaid: v.optional(idValue),
    default: v.optional(idValue),
    written_off: v.optional(idValue),
    rejected: v.optional(idValue),
  }),
});
export type LoanStats = v.InferOutput<typeof loanStatsView>;

/** The kinds of a statement's lines. */
export const statementLineKinds = [
  'disbursement',
  'fine',
  'payment',
  'refund',
  'write_off',
  'recovery',
] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

export const statementLineView = v.object({
  at: timestamp,
  kind: v.picklist(statementLineKinds),
  description: v.string(),
  /** What the line adds to (+) or takes from (−) the balance. */
  amount,
  /** A payment's split; zero on other lines. */
  fines: amount,
  interest: amount,
  principal: amount,
  /** Received beyond what was owed, kept in the wallet (payments only). */
  overpayment: amount,
  balance: amount,
});
export type StatementLine = v.InferOutput<typeof statementLineView>;

/** A loan's statement (GET /loan/{id}/statement): terms, disclosure, schedule, lines, totals. */
export const statementView = v.object({
  title: v.string(),
  generatedAt: timestamp,
  loan: v.object({
    id: idValue,
    loanCode: v.string(),
    status: v.picklist(loanStatuses),
    applicationDate: timestamp,
    disbursementDate: v.nullable(timestamp),
    dueDate: v.nullable(timestamp),
  }),
  borrower: v.object({
    id: idValue,
    firstName: v.string(),
    lastName: v.string(),
    phoneNumber: v.string(),
    idNumber: v.string(),
  }),
  business: v.object({
    id: idValue,
    businessName: v.string(),
    /** Only once the paybill is verified. */
    paybillNumber: v.nullable(v.string()),
  }),
  terms: v.object({
    principalAmount: amount,
    processingFee: amount,
    processingFeeRate: amount,
    interestAmount: amount,
    interestRate: amount,
    totalCostOfCredit: amount,
    /** The cost of credit as a percentage of the principal. */
    totalCostOfCreditShare: amount,
    initialAmount: amount,
    disbursementAmount: amount,
    durationInDays: idValue,
    cycleDays: idValue,
    fineRateWithinLoanPeriod: amount,
    fineRateOverLoanPeriod: amount,
    gracePeriodWithinLoanPeriod: amount,
    gracePeriodOverLoanPeriod: amount,
  }),
  /** Paragraphs. */
  disclosure: v.array(v.string()),
  schedule: v.array(
    v.object({
      number: idValue,
      dayOffset: idValue,
      dueDate: v.nullable(timestamp),
      amount,
    }),
  ),
  lines: v.array(statementLineView),
  totals: v.object({
    fines: amount,
    paidFines: amount,
    paidInterest: amount,
    paidPrincipal: amount,
    paid: amount,
    writtenOff: amount,
    recovered: amount,
    refunded: amount,
    balance: amount,
    outstandingAmount: amount,
  }),
  /** The notice before adverse listing (docs/crb.md), once the loan got one. */
  crbNotice: v.nullable(crbNoticeView),
});
export type Statement = v.InferOutput<typeof statementView>;
