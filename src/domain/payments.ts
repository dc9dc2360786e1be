/** Add money, withdraw money and refunds (the spec's "Payments"), shared by forms and server. */
import * as v from 'valibot';
import { moneyText } from '../i18n/money';
import { inputText } from '../i18n/input';
import { amount, idValue, timestamp } from './answers';
import { hasAtMostTwoDecimals, MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { idField, numberField } from './lender-profile';
import { normalizeKenyanPhone } from './phone';

const label = inputText.labels;

/** M-Pesa's limits for one B2C payment (Daraja's API reference). */
export const MIN_B2C_AMOUNT = 10;
export const MAX_B2C_AMOUNT = 250_000;
/**
 * Payment phone numbers: the spec's hint asks for 10 digits without the country code
 * (07XXXXXXXX), and that is what the number is once its separators are out; the input
 * itself takes `0712 345 678` and `+254 712 345 678` as typed or pasted.
 */
export const paymentPhone = v.pipe(
  requiredString(moneyText.phoneRequired),
  v.trim(),
  v.nonEmpty(moneyText.phoneRequired),
  maxLengthOf(label.phoneNumber, MAX_LENGTH.phone),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const normalized = normalizeKenyanPhone(dataset.value);
    if (!normalized) {
      addIssue({ message: moneyText.phoneNotKenyan });
      return NEVER;
    }
    return normalized;
  }),
);

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
/** What the money screens send (the phone number normalised). */
export type PaymentRequest = v.InferOutput<typeof paymentSchema>;

export const refundSchema = v.object({
  phoneNumber: paymentPhone,
  loanCode: v.pipe(
    requiredString('Loan code is required'),
    v.trim(),
    maxLengthOf(label.loanCode, MAX_LENGTH.loanCode),
    v.toUpperCase(),
  ),
  amount: v.pipe(
    numberField(moneyText.amountRequired),
    v.minValue(0.01, moneyText.amountRequired),
    v.maxValue(MAX_B2C_AMOUNT, moneyText.aboveMaximum),
    v.check(hasAtMostTwoDecimals, inputText.amountTwoDecimals),
  ),
  /** Why the money goes to a number other than the borrower's own (required then). */
  reason: v.pipe(
    v.optional(v.string(moneyText.refundReasonRequired), ''),
    v.trim(),
    v.maxLength(500, moneyText.refundReasonTooLong),
  ),
});

/** The shortest reason a refund to another number is accepted with. */
export const REFUND_REASON_MIN = 10;

/** The sentence a B2C amount below M-Pesa's minimum gets; the client looks for its words. */
export const BELOW_MINIMUM_MARKER = 'less than the minimum transaction amount';

/** An M-Pesa request: an STK push (money in) or a B2C payment (money out). */
export const mpesaRequestKinds = ['stk', 'b2c'] as const;
/** What it moves money for; a payer_refund sends an unassigned payment back to its payer. */
export const mpesaPurposes = [
  'deposit',
  'withdrawal',
  'disbursement',
  'refund',
  'payer_refund',
] as const;
export const mpesaRequestStatuses = ['pending', 'succeeded', 'failed'] as const;
/** What the built-in M-Pesa simulator keeps in flight (its status queries too). */
export const simulatorPaymentKinds = ['stk', 'b2c', 'status'] as const;
/** Why a business's capital moved. */
export const capitalSources = [
  'mpesa_deposit',
  'repayment',
  'disbursement',
  'withdrawal',
  'refund',
  'reversal',
] as const;
/** Why a loan's wallet (what the borrower paid, before it is applied) moved. */
export const walletSources = ['repayment', 'applied', 'refund', 'refund_reversal'] as const;
export { refundStatuses } from './loan-statuses';

/** The M-Pesa requests a lender follows on the money screens: add money, withdraw. */
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
