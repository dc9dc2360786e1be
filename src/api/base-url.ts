/**
 * What the app shell needs of the API without the HTTP client (so the landing page does
 * not carry ky): where the API is (VITE_API_BASE_URL, default /api), for what sends with
 * plain fetch (a queued logout, the outbox), and the event of a refused session.
 */
export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '/api';

/** The API's absolute base URL. */
export function absoluteBase(): string {
  const base = apiBaseUrl.replace(/\/+$/, '');
  return /^https?:/i.test(base) ? base : new URL(base, location.origin).toString();
}

/**
 * Fired when the server refuses the stored token (401) on an ordinary call: the account
 * was blocked or suspended meanwhile, or the token no longer names a user. The session
 * watcher learns the account's current status and signs out or redirects.
 */
export const SESSION_REFUSED_EVENT = 'mkopo:session-refused';

/**
 * Fired before another user (or nobody) takes over this browser's session: sign-in,
 * sign-out, or another tab's token. The query cache empties itself on it, so nothing one
 * user read is shown to the next.
 */
export const SESSION_USER_CHANGED_EVENT = 'mkopo:session-user-changed';

/**
 * Fired when the server answers that this session must set up a second factor before
 * anything else (an administrator without one): the session watcher opens the set-up page.
 */
export const SECOND_FACTOR_SETUP_EVENT = 'mkopo:second-factor-setup';
