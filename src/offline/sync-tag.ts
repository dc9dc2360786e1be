/**
 * The names the app and the service worker share: the app registers OUTBOX_SYNC_TAG for
 * Background Sync when the outbox has items; the service worker answers the sync event
 * by draining the outbox itself (one drainer at a time, Web Locks), posting
 * { type: OUTBOX_CONFIRMED_MESSAGE, item } for each item the server confirmed and then
 * { type: OUTBOX_SYNC_MESSAGE } to every open window, which drains what is left.
 */
export const OUTBOX_SYNC_TAG = 'mkopo-outbox';
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';
export const OUTBOX_CONFIRMED_MESSAGE = 'OUTBOX_CONFIRMED';
/**
 * Fired on window after the server confirmed an outbox item (the window's own drain, or the
 * service worker's message): lists reload. Here, not with the drain, so the screens that
 * listen load none of its code.
 */
export const OUTBOX_CONFIRMED_EVENT = 'mkopo:outbox-confirmed';

/**
 * The working set's Periodic Background Sync tag (where the browser grants it, an installed
 * app): the service worker syncs the working set with the app closed, then posts
 * { type: WORKING_SET_SYNCED_MESSAGE } to open windows, whose screens read again.
 */
export const WORKING_SET_SYNC_TAG = 'mkopo-working-set';
export const WORKING_SET_SYNCED_MESSAGE = 'WORKING_SET_SYNCED';
