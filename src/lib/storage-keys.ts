/** Every browser-storage key the app uses, in one place. */
export const storageKeys = {
  token: 'jwt',
  theme: 'vite-ui-theme',
  selectedBusiness: 'mkopo-selected-business',
  returnTo: 'mkopo-return-to',
  /** Tokens of sessions logged out offline, to be ended on the server when online. */
  pendingRevocations: 'mkopo-pending-revocations',
  /** The path the app reloaded once for after a code chunk failed to load (sessionStorage). */
  chunkReload: 'mkopo-chunk-reload',
  /** The language of the agent's screens, kept across log-out ('en' | 'sw'; src/i18n/language.ts). */
  language: 'mkopo-language',
  /**
   * A sign-in page's island hands the app the code step of an account with a second factor
   * (sessionStorage: `{ role, challengeToken }`; src/sign-in-islands.ts).
   */
  signInChallenge: 'mkopo-sign-in-challenge',
  /** A sign-in page's island signed in and opened the app, which says so (sessionStorage). */
  signedIn: 'mkopo-signed-in',
} as const;
