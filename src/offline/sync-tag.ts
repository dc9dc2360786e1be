/**
 * The Background Sync names the app and the service worker share: the app registers
 * OUTBOX_SYNC_TAG when the outbox has items; the service worker answers the sync event
 * by draining the outbox itself and posting { type: OUTBOX_SYNC_MESSAGE } to every open
 * window, which refreshes and drains what is left.
 */
export const OUTBOX_SYNC_TAG = 'mkopo-outbox';
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';
