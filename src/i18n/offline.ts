/** Texts of working offline (docs/architecture.md §7): the outbox, the connection badge, pending records. */
import { inLanguage } from './language';
const en = {
  online: 'Online',
  offline: 'Offline',
  connectionOnline: 'Connected: your work is sent as you go.',
  connectionOffline:
    'No connection: your work is kept on this phone and sent when you are back online.',
  waitingToSend: (count: number) => `${count} ${count === 1 ? 'item' : 'items'} waiting to be sent`,
  sending: 'Sending',
  you: 'You',
  pending: 'Pending',
  savedOffline: 'Saved on this phone',
  savedOfflineText: (what: string) => `${what} will be sent when you are back online.`,

  // the Outbox screen
  title: 'Outbox',
  subtitle:
    'What you entered in the field and has not reached the server yet. Nothing here is lost: it is sent by itself when you are online.',
  syncNow: 'Send now',
  counts: { waiting: 'Waiting', sending: 'Sending', needsAttention: 'Needs attention' },
  storageUsed: 'Storage used',
  storageOf: (used: string, quota: string) => `${used} of ${quota}`,
  storageUnknown: 'Not reported by this browser',
  persistent: 'Kept even when the phone runs low on space',
  notPersistent: 'The browser may clear it when the phone runs low on space',
  lastSync: 'Last successful sync',
  never: 'Not yet',
  empty: 'Everything has been sent. New work you enter offline waits here until it is sent.',
  kinds: {
    borrower: 'Borrower registration',
    loanApplication: 'Loan application',
    loanFile: 'Loan file',
    followUp: 'Follow-up',
  } as Record<string, string>,
  statuses: { waiting: 'Waiting', sending: 'Sending', needsAttention: 'Needs attention' } as Record<
    string,
    string
  >,
  // an item's last error, as the sync engine records it
  noConnection: 'No connection to the server.',
  discardedReference:
    'The record this refers to was discarded from the outbox. Choose another one and try again.',
  refusedWithStatus: (status: number) => `The server refused this (HTTP ${status}).`,
  attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,
  nextAttempt: (when: string) => `Next try ${when}`,
  waitsFor: 'Waits for the borrower it belongs to',
  retry: 'Retry',
  edit: 'Edit',
  discard: 'Discard',
  saveAndRetry: 'Save and retry',
  cancel: 'Cancel',
  editTitle: 'Edit before sending again',
  editText: 'Correct what the server refused, then send it again.',
  refusedTitle: 'The server refused it',
  editLoading: 'Opening the form',
  discardTitle: 'Discard this item?',
  discardText: (label: string) =>
    `${label} was never sent to the server. If you discard it, it is gone for good. This action cannot be undone.`,
  discardConfirm: 'Discard',
  discarded: 'Discarded from the outbox.',

  // logging out with work waiting
  logOutTitle: 'Work not sent yet',
  logOutText: (count: number) =>
    `${count} ${count === 1 ? 'item has' : 'items have'} not reached the server yet. They stay on this phone and are sent when you sign in again as the same user. Log out anyway?`,
  logOutAnyway: 'Log out anyway',
  stay: 'Stay signed in',
} as const;

export const offlineText = inLanguage('offline', en);
export { en as offlineEnglish };
