/**
 * The Background Sync names the app and the service worker share: the app registers
 * OUTBOX_SYNC_TAG when the outbox has items; the service worker answers the sync event
 * by posting { type: OUTBOX_SYNC_MESSAGE } to every open window, which drains the outbox.
 */
export const OUTBOX_SYNC_TAG = 'mkopo-outbox';
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';
