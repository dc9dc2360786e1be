/**
 * What a sign-in's answer means, for the app's login form and the sign-in pages' islands
 * (src/sign-in-islands.ts) alike: no HTTP client and no React here.
 */
import type { LoginAnswer } from '../../../domain/second-factor';
import type { LoginRole } from '../../../domain/roles';
import { storageKeys } from '../../../lib/storage-keys';
import { authText } from '../../../i18n/auth';
import { commonText } from '../../../i18n/common';

export type LoginOutcome =
  | { kind: 'session'; token: string; enrolSecondFactor: boolean }
  | { kind: 'code'; challengeToken: string };

/** The answer of POST /auth/{role}/login; an answer without a token is a refusal. */
export function loginOutcome(answer: LoginAnswer): LoginOutcome {
  if (answer.secondFactor) {
    return { kind: 'code', challengeToken: answer.secondFactor.challengeToken };
  }
  const token = answer.token?.accessToken;
  if (!token) throw new Error(authText.loginFailed);
  return { kind: 'session', token, enrolSecondFactor: answer.enrolSecondFactor === true };
}

const HTTP_FORBIDDEN = 403;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_SERVER_ERROR = 500;

/**
 * A failed sign-in's two sentences: the alert on the form and the toast's. Wrong
 * credentials read the same whatever was wrong ("Invalid email or password" is for them
 * only); a refused account says why (the server's sentence); when nothing answered (status
 * 0: no network; a server or proxy down: 5xx) both say the server could not be reached. No
 * status: refused without an HTTP error (an answer without a token).
 */
export function loginFailure(
  status?: number,
  serverMessage?: string,
): { alert: string; toast: string } {
  if (status !== undefined && (status === 0 || status >= HTTP_SERVER_ERROR)) {
    return { alert: commonText.serverUnavailable, toast: commonText.serverUnavailable };
  }
  const toast = authText.loginFailed;
  if (status === HTTP_TOO_MANY_REQUESTS) {
    return { alert: serverMessage || authText.tooManyAttempts, toast };
  }
  if (status === HTTP_FORBIDDEN && serverMessage) return { alert: serverMessage, toast };
  return { alert: authText.invalidCredentials, toast };
}

/**
 * The code step handed from a sign-in page's island to the app's login form: the island
 * had the password answered, then hands the page over for the rest (src/sign-in-islands.ts).
 */
export function handChallenge(role: LoginRole, challengeToken: string): void {
  sessionStorage.setItem(storageKeys.signInChallenge, JSON.stringify({ role, challengeToken }));
}

/** The challenge handed for this role's code step, if any. */
export function handedChallenge(role: LoginRole): string | null {
  try {
    const handed = JSON.parse(sessionStorage.getItem(storageKeys.signInChallenge) ?? 'null') as {
      role?: unknown;
      challengeToken?: unknown;
    } | null;
    return handed?.role === role && typeof handed.challengeToken === 'string'
      ? handed.challengeToken
      : null;
  } catch {
    return null;
  }
}
