/** Refunds of a loan's overpaid wallet, shared by forms and server. */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { moneyText } from '../i18n/money';
import { refundsText } from '../i18n/refunds';
import { hasAtMostTwoDecimals, MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { numberField } from './lender-profile';
import { MAX_B2C_AMOUNT, paymentPhone } from './mpesa-payments';

/** Why a loan's wallet (what the borrower paid, before it is applied) moved. */
export const walletSources = ['repayment', 'applied', 'refund', 'refund_reversal'] as const;

export const refundSchema = v.object({
  phoneNumber: paymentPhone,
  loanCode: v.pipe(
    requiredString('Loan code is required'),
    v.trim(),
    maxLengthOf(inputText.labels.loanCode, MAX_LENGTH.loanCode),
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
    v.optional(v.string(refundsText.refundReasonRequired), ''),
    v.trim(),
    v.maxLength(500, refundsText.refundReasonTooLong),
  ),
});

/** The shortest reason a refund to another number is accepted with. */
export const REFUND_REASON_MIN = 10;
