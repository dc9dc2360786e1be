/**
 * Account forms, validated by the same valibot schemas on the client (@mantine/form)
 * and on the server. Messages come from the i18n catalogue.
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { authText } from '../i18n/auth';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { loginRoles } from './roles';

const label = inputText.labels;

export const MIN_PASSWORD_LENGTH = 6;

// A general address pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = v.pipe(
  v.optional(v.string(authText.emailRequired), ''),
  v.trim(),
  v.nonEmpty(authText.emailRequired),
  maxLengthOf(label.email, MAX_LENGTH.email),
  v.regex(EMAIL_PATTERN, authText.invalidEmail),
  v.toLowerCase(),
);

export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(
    requiredString(authText.passwordRequired),
    v.maxLength(MAX_LENGTH.password, authText.passwordTooLong),
  ),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

const newPassword = v.pipe(
  requiredString(authText.passwordRequired),
  v.minLength(MIN_PASSWORD_LENGTH, authText.passwordTooShort),
  v.maxLength(MAX_LENGTH.password, authText.passwordTooLong),
);

const confirmPassword = v.pipe(
  requiredString(authText.confirmRequired),
  v.maxLength(MAX_LENGTH.password, authText.passwordTooLong),
);

/** Registration: only the length rule is enforced; the checklist is advisory. */
export const registerSchema = v.object({
  email: emailSchema,
  password: newPassword,
});

/**
 * The confirmation must equal the password once the password itself passes: while it is
 * still too short, that is the one thing to fix, not a mismatch as well.
 */
const confirms =
  (password: v.GenericSchema<string | undefined, string>) =>
  (input: { password: string; confirmPassword: string }) =>
    !v.is(password, input.password) || input.password === input.confirmPassword;

export const registerFormSchema = v.pipe(
  v.object({
    email: emailSchema,
    password: newPassword,
    confirmPassword,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      confirms(newPassword),
      authText.passwordsDoNotMatchRegister,
    ),
    ['confirmPassword'],
  ),
);
export type RegisterFormInput = v.InferOutput<typeof registerFormSchema>;

// A reset password needs an upper-case letter, a lower-case letter, and a digit or special character.
const RESET_COMPLEXITY = /^(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z]).*$/;

const resetPassword = v.pipe(newPassword, v.regex(RESET_COMPLEXITY, authText.passwordComplexity));

export const resetPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(
      requiredString(authText.missingResetToken),
      v.maxLength(MAX_LENGTH.token, authText.missingResetToken),
    ),
    password: resetPassword,
    confirmPassword,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      confirms(resetPassword),
      authText.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

export const passwordResetRequestSchema = v.object({
  email: emailSchema,
  userType: v.optional(v.picklist(loginRoles), 'lender'),
});

export const forgotPasswordFormSchema = v.object({ email: emailSchema });

/** What a one-time link of the users' tokens is for. */
export const tokenPurposes = ['reset', 'invite'] as const;

/**
 * The answer of a sign-in, a registration and a token refresh: the session's access token,
 * a JWT carrying the account's id, role and status.
 */
export const sessionTokenView = v.object({ token: v.object({ accessToken: v.string() }) });
export type SessionToken = v.InferOutput<typeof sessionTokenView>;
