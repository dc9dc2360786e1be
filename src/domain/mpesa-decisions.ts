/**
 * An administrator's decision about an M-Pesa payment the automatic status queries
 * could not settle (docs/architecture.md §6 "Payments needing a decision"), shared by the form and
 * the server: paid (with M-Pesa's receipt number) or failed (reversed), and why.
 */
import * as v from 'valibot';
import { decisionsText } from '../i18n/mpesa-decisions';
import { requiredString } from './fields';

export const decisionOutcomes = ['paid', 'failed'] as const;
export type DecisionOutcome = (typeof decisionOutcomes)[number];

/** M-Pesa receipt numbers are ten capital letters and digits (e.g. QKH94M1Z11). */
export const RECEIPT_PATTERN = /^[A-Z0-9]{8,12}$/;
export const REASON_MIN_LENGTH = 10;
export const REASON_MAX_LENGTH = 500;

export const decisionSchema = v.pipe(
  v.object({
    outcome: v.picklist(decisionOutcomes, decisionsText.outcomeRequired),
    receipt: v.optional(
      v.pipe(
        v.string(decisionsText.receiptInvalid),
        // What the check below takes, as the API document can say it (before trimming).
        v.regex(/^\s*(?:[A-Za-z0-9]{8,12})?\s*$/, decisionsText.receiptInvalid),
        v.trim(),
        v.toUpperCase(),
        v.check(
          (value) => value === '' || RECEIPT_PATTERN.test(value),
          decisionsText.receiptInvalid,
        ),
      ),
      '',
    ),
    reason: v.pipe(
      requiredString(decisionsText.reasonRequired),
      v.trim(),
      v.minLength(REASON_MIN_LENGTH, decisionsText.reasonShort),
      v.maxLength(REASON_MAX_LENGTH, decisionsText.reasonLong),
    ),
  }),
  v.forward(
    v.check(
      (input) => input.outcome !== 'paid' || input.receipt !== '',
      decisionsText.receiptRequired,
    ),
    ['receipt'],
  ),
);
export type DecisionInput = v.InferInput<typeof decisionSchema>;
export type Decision = v.InferOutput<typeof decisionSchema>;

/** The payments' answers, typed on the client only (their schemas: mpesa-payments.ts). */
export type { AmountDifference, PaymentEvent, PaymentForDecision } from './mpesa-payments';
