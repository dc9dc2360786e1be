/**
 * What the repayment, fine, refund, wallet and Manual Match screens read, as the API
 * answers it (docs/architecture.md §3): the server serialises with these schemas and the
 * client types its fetchers with their `v.InferOutput`.
 */
import * as v from 'valibot';
import { commonText } from '../i18n/common';
import { loansText } from '../i18n/loans';
import { amount, calendarDay, idValue, timestamp } from './answers';
import { idField, idRange } from './lender-profile';
import { fineKinds, loanStatuses, loanView } from './loans';
import { refundStatuses } from './loan-statuses';
import { walletSources } from './refunds';

/** The borrower of a repayment, a fine or a matched M-Pesa payment. */
export const repaymentBorrowerView = v.object({
  id: idValue,
  firstName: v.string(),
  lastName: v.string(),
  phoneNumber: v.string(),
});
export type RepaymentBorrower = v.InferOutput<typeof repaymentBorrowerView>;

/** The loan a repayment or a fine belongs to. */
const paidLoanView = v.object({
  id: idValue,
  loanCode: v.string(),
  outstandingAmount: amount,
  status: v.picklist(loanStatuses),
  borrower: repaymentBorrowerView,
});

/**
 * A repayment applied to a loan (GET /repayment/for-lender-business/:id), split into
 * the fines, interest and principal it paid; total is their sum.
 */
export const repaymentView = v.object({
  id: idValue,
  principalAmount: amount,
  interestAmount: amount,
  fineAmount: amount,
  total: amount,
  createdAt: timestamp,
  loan: paidLoanView,
});
export type Repayment = v.InferOutput<typeof repaymentView>;

/** A fine of a loan (GET /fines/for-lender-business/:id); Paid once its balance is 0. */
export const fineView = v.object({
  id: idValue,
  kind: v.picklist(fineKinds),
  /** The instalment number (within) or the elapsed cycle (over). */
  period: idValue,
  fineAmount: amount,
  fineRate: amount,
  fineBalance: amount,
  paymentDate: v.nullable(timestamp),
  /** The calendar day the fine was drawn for. */
  accruedOn: calendarDay,
  status: v.picklist(['Paid', 'Unpaid']),
  createdAt: timestamp,
  loan: paidLoanView,
});
export type Fine = v.InferOutput<typeof fineView>;

/** One movement of a loan's wallet (GET /loan/by-id-lender-business/:id/wallet-records). */
export const walletRecordView = v.object({
  id: idValue,
  source: v.picklist(walletSources),
  /** Positive for a credit, negative for a debit. */
  amount,
  /** The wallet's total after this record. */
  total: amount,
  createdAt: timestamp,
});
export type WalletRecord = v.InferOutput<typeof walletRecordView>;

/**
 * An M-Pesa repayment to a lender's paybill, matched or not
 * (GET /loan-repayment-transaction/get-transactions). loanCode is the account number the
 * payer typed; transactionDetails is the M-Pesa transaction id.
 */
export const repaymentTransactionView = v.object({
  id: idValue,
  loanCode: v.string(),
  amount,
  transactionDetails: v.string(),
  verified: v.boolean(),
  msisdn: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lenderBusinessId: v.nullable(idValue),
  createdAt: timestamp,
  loan: v.nullable(
    v.object({
      id: idValue,
      loanCode: v.string(),
      status: v.picklist(loanStatuses),
      borrower: v.nullable(repaymentBorrowerView),
    }),
  ),
});
export type RepaymentTransaction = v.InferOutput<typeof repaymentTransactionView>;

/** A loan's wallet as the refund screens show it: what is refundable, and the latest refund. */
export const latestWalletView = v.object({
  /** What the borrower overpaid and has not had back. */
  total: amount,
  refund: v.object({
    refunded: v.picklist(['refunded', 'notrefunded']),
    amount,
    status: v.nullable(v.picklist(refundStatuses)),
  }),
});
export type LatestWallet = v.InferOutput<typeof latestWalletView>;

/**
 * A loan with its borrower, plan, business and wallet (GET /loan/refundable,
 * GET /loan/refund/:loanId): the loan view with latestWallet.
 */
export const refundLoanView = v.object({ ...loanView.entries, latestWallet: latestWalletView });
export type RefundLoan = v.InferOutput<typeof refundLoanView>;

/** A manual match: the loan, and the M-Pesa repayment (or repayments) to apply to it. */
export const manualMatchSchema = v.object({
  loanId: idField(loansText.loanNotFound),
  mpesaLoanRepaymentId: v.optional(idRange(commonText.notFound)),
  mpesaLoanRepaymentIds: v.optional(
    v.pipe(v.array(idRange(commonText.notFound)), v.minLength(1), v.maxLength(100)),
  ),
});
