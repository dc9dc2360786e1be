/**
 * Texts of the agent's working set (docs/architecture.md §7): whether the phone is ready to
 * work with no signal, what it keeps, when it last synced, and what is wrong when it is not.
 */
import { inLanguage } from './language';

const en = {
  title: 'Working offline',
  ready: 'Ready offline',
  notReady: 'Not ready offline',
  syncing: 'Syncing…',
  syncNow: 'Sync now',
  lastSynced: (when: string) => `Last synced ${when}`,
  neverSynced: 'Not synced yet',
  kept: 'Kept on this phone',
  counts: {
    borrowers: (n: string, one: boolean) => `${n} ${one ? 'borrower' : 'borrowers'}`,
    loans: (n: string, one: boolean) => `${n} ${one ? 'loan' : 'loans'}`,
    followUps: (n: string, one: boolean) => `${n} ${one ? 'follow-up' : 'follow-ups'}`,
    agreements: (n: string, one: boolean) => `${n} ${one ? 'loan file' : 'loan files'}`,
    complaints: (n: string, one: boolean) => `${n} ${one ? 'complaint' : 'complaints'}`,
  },
  lists: {
    borrowers: 'borrowers',
    loans: 'loans',
    followUps: 'follow-ups',
    agreements: 'loan files',
    ledgers: 'loan statements',
    complaints: 'complaints',
  } as Record<string, string>,
  storage: (used: string) => `Storage used: ${used}`,
  persistent: 'The phone keeps this data even when space runs low.',
  notPersistent: 'The phone may clear this data when space runs low.',
  // why the phone is not ready, in plain words
  warningNever:
    'This phone has not synced yet: connect to the internet so your borrowers and loans are kept on it.',
  warningFilling: 'Your borrowers and loans are still arriving on this phone. Stay connected.',
  warningStale:
    'The last sync was more than a day ago: connect to the internet to bring your borrowers and loans up to date.',
  warningOffline: 'The last sync could not reach the server.',
  warningServer: (message: string) => `The last sync failed: ${message}`,
  warningLists: (lists: string) =>
    `These lists did not sync completely and are being fetched again: ${lists}.`,
  warningStorageFull:
    'The phone’s storage is full: your borrowers and loans could not be brought up to date, and new work entered offline may not be saved. Free some space on the phone.',
  warningStorageRefused:
    'The phone refused to store your borrowers and loans: they could not be brought up to date. Work waiting in the Outbox is kept.',
  warningUpdateApp:
    'This app is older than the server: update it (reload while online) before registering borrowers.',
} as const;

export const workingSetText = inLanguage('workingSet', en);
export { en as workingSetEnglish };
