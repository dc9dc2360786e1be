/**
 * A business's capital, shared by forms and server: the Add money and Withdraw money form, the
 * M-Pesa request that moves the money, the balance and its transactions (capital_transactions).
 */
import * as v from 'valibot';
import { moneyText } from '../i18n/money';
import { amount, idValue, timestamp } from './answers';
import { idField, numberField } from './lender-profile';
import { mpesaRequestStatuses, paymentPhone } from './mpesa-payments';

/** Why a business's capital moved. */
export const capitalSources = [
  'mpesa_deposit',
  'repayment',
  'disbursement',
  'withdrawal',
  'refund',
  'reversal',
] as const;

const wholeShillings = v.pipe(
  numberField(moneyText.amountRequired),
  v.integer(moneyText.amountWhole),
  v.minValue(1, moneyText.amountWhole),
  v.maxValue(10_000_000, moneyText.aboveMaximum),
);

export const paymentSchema = v.object({
  phoneNumber: paymentPhone,
  amount: wholeShillings,
  lenderBusinessId: idField('Please choose a business'),
});
export type PaymentInput = v.InferInput<typeof paymentSchema>;
/** What the Add money and Withdraw money screens send (the phone number normalised). */
export type PaymentRequest = v.InferOutput<typeof paymentSchema>;

/** The M-Pesa requests a lender follows on the Add money and Withdraw money screens. */
export const capitalPaymentPurposes = ['deposit', 'withdrawal'] as const;

/**
 * The answer of an add-money prompt or a withdrawal: the server's sentence and the M-Pesa
 * request to follow to its outcome; an answered prompt also names M-Pesa's checkout (null
 * when M-Pesa did not answer in time).
 */
export const paymentStartedView = v.object({
  message: v.string(),
  mpesaRequestId: idValue,
  checkoutRequestId: v.optional(v.nullable(v.string())),
});
export type PaymentStarted = v.InferOutput<typeof paymentStartedView>;

/** How an add-money prompt or a withdrawal ended (GET /capital/payment/{id}). */
export const capitalPaymentView = v.object({
  id: idValue,
  purpose: v.picklist(capitalPaymentPurposes),
  status: v.picklist(mpesaRequestStatuses),
  amount,
  phoneNumber: v.string(),
  /** M-Pesa's words about the outcome; null while pending. */
  resultDesc: v.nullable(v.string()),
  receipt: v.nullable(v.string()),
  createdAt: timestamp,
  completedAt: v.nullable(timestamp),
});
export type CapitalPayment = v.InferOutput<typeof capitalPaymentView>;

/** A business's capital now (GET /capital/from-lender-business/{id}). */
export const capitalBalanceView = v.object({ balance: amount, lenderBusinessId: idValue });
export type CapitalBalance = v.InferOutput<typeof capitalBalanceView>;

/** One movement of a business's capital, with the balance after it. */
export const capitalTransactionView = v.object({
  id: idValue,
  source: v.picklist(capitalSources),
  /** Signed: money in is positive, money out negative. */
  amount,
  balance: amount,
  reference: v.nullable(v.string()),
  loanId: v.nullable(idValue),
  createdAt: timestamp,
  lenderBusiness: v.object({ id: idValue, businessName: v.string() }),
});
export type CapitalTransaction = v.InferOutput<typeof capitalTransactionView>;
