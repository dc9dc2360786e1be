/**
 * The version of the consent text (borrowersText.consentText) a borrower agrees to at
 * registration: a new text gets a new version, and the server keeps both with the time.
 * On its own, so the phone's working-set status compares it without the borrower forms.
 */
export const BORROWER_CONSENT_VERSION = '2026-11-24';
