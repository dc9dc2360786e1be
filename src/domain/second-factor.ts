/**
 * The second factor (TOTP, RFC 6238, with one-time recovery codes): the bodies and answers of
 * its calls, shared by the client and the server, and the machine-readable markers of the 403s
 * that ask for it.
 */
import * as v from 'valibot';
import { secondFactorText } from '../i18n/second-factor';
import { sessionTokenView } from './auth';

/** The `code` of a 403 whose session must set up a second factor before anything else. */
export const ENROLMENT_REQUIRED = 'second_factor_enrolment_required';
/** The `code` of a 403 asking for a fresh code before money leaves (then retry). */
export const STEP_UP_REQUIRED = 'second_factor_step_up_required';

/** How long a session's last code counts for withdrawals and refunds to another number. */
export const STEP_UP_MAX_AGE_MS = 15 * 60 * 1000;

/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from the app (6 digits) or a recovery code (10 letters and digits, a dash
 * anywhere): spaces and dashes are dropped, letters lowered.
 */
export const factorCodeSchema = v.pipe(
  v.optional(v.string(secondFactorText.codeRequired), ''),
  // On what is typed (spaces and dashes allowed), so the API document states it too.
  v.regex(/^[\s-]*(?:(?:\d[\s-]*){6}|(?:[A-Za-z2-7][\s-]*){10})$/, secondFactorText.codeRequired),
  v.transform((code) => code.replace(/[\s-]/g, '').toLowerCase()),
);

export const codeBody = v.object({ code: factorCodeSchema });

export const challengeBody = v.object({
  challengeToken: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)),
  code: factorCodeSchema,
});

/**
 * A sign-in's answer: the session's token, or (the account has a second factor) a
 * short-lived challenge to answer with a code. `enrolSecondFactor` tells a session that
 * must set one up before anything else works.
 */
export const loginAnswerView = v.object({
  token: v.optional(v.object({ accessToken: v.string() })),
  enrolSecondFactor: v.optional(v.boolean()),
  secondFactor: v.optional(v.object({ challengeToken: v.string(), expiresAt: v.string() })),
});
export type LoginAnswer = v.InferOutput<typeof loginAnswerView>;

export { sessionTokenView };

export const factorStatusView = v.object({
  enrolled: v.boolean(),
  /** An administrator, or a lender one of whose businesses requires it. */
  required: v.boolean(),
  requiredBy: v.nullable(v.picklist(['role', 'business'])),
  recoveryCodesLeft: v.number(),
  /** A lender's businesses that require it (ids). */
  requiringBusinessIds: v.array(v.number()),
});
export type FactorStatus = v.InferOutput<typeof factorStatusView>;

export const enrolmentView = v.object({
  /** Base32, as authenticator apps take it typed. */
  secret: v.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: v.string(),
  /** The QR code as an SVG data URL (made by the server, so the client carries no QR code). */
  qrCode: v.string(),
});
export type Enrolment = v.InferOutput<typeof enrolmentView>;

export const recoveryCodesView = v.object({ recoveryCodes: v.array(v.string()) });

export const businessRequirementBody = v.object({ required: v.boolean() });
