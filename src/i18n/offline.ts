/** Texts of working offline (docs/architecture.md §7): the outbox, the connection badge, pending records. */
import { inLanguage, type Catalogue } from './language';
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

const sw: Catalogue<typeof en> = {
  online: 'Mtandaoni',
  offline: 'Nje ya mtandao',
  connectionOnline: 'Umeunganishwa: kazi yako inatumwa unapoendelea.',
  connectionOffline:
    'Hakuna mtandao: kazi yako inahifadhiwa kwenye simu hii na itatumwa ukirudi mtandaoni.',
  waitingToSend: (count: number) =>
    `${count} ${count === 1 ? 'kipengee kinasubiri' : 'vipengee vinasubiri'} kutumwa`,
  sending: 'Inatumwa',
  you: 'Wewe',
  pending: 'Inasubiri',
  savedOffline: 'Imehifadhiwa kwenye simu hii',
  savedOfflineText: (what: string) => `${what}: itatumwa ukirudi mtandaoni.`,
  title: 'Vinavyosubiri Kutumwa',
  subtitle:
    'Ulichoingiza ukiwa uwanjani ambacho bado hakijafika kwenye seva. Hakuna kinachopotea hapa: kinatumwa chenyewe ukiwa mtandaoni.',
  syncNow: 'Tuma sasa',
  counts: { waiting: 'Vinasubiri', sending: 'Vinatumwa', needsAttention: 'Vinahitaji uangalizi' },
  storageUsed: 'Hifadhi iliyotumika',
  storageOf: (used: string, quota: string) => `${used} kati ya ${quota}`,
  storageUnknown: 'Kivinjari hiki hakionyeshi',
  persistent: 'Inabaki hata simu ikikosa nafasi',
  notPersistent: 'Kivinjari kinaweza kuifuta simu ikikosa nafasi',
  lastSync: 'Usawazishaji wa mwisho uliofaulu',
  never: 'Bado',
  empty: 'Kila kitu kimetumwa. Kazi mpya unayoingiza nje ya mtandao itasubiri hapa hadi itumwe.',
  kinds: {
    borrower: 'Usajili wa mkopaji',
    loanApplication: 'Ombi la mkopo',
    loanFile: 'Faili ya mkopo',
    followUp: 'Ufuatiliaji',
  },
  statuses: { waiting: 'Inasubiri', sending: 'Inatumwa', needsAttention: 'Inahitaji uangalizi' },
  noConnection: 'Hakuna muunganisho na seva.',
  discardedReference:
    'Rekodi hii inayohusika iliondolewa kwenye orodha ya kutumwa. Chagua nyingine ujaribu tena.',
  refusedWithStatus: (status: number) => `Seva imekataa hili (HTTP ${status}).`,
  attempts: (count: number) => `${count} ${count === 1 ? 'jaribio' : 'majaribio'}`,
  nextAttempt: (when: string) => `Jaribio lijalo ${when}`,
  waitsFor: 'Inasubiri mkopaji wake',
  retry: 'Jaribu tena',
  edit: 'Hariri',
  discard: 'Tupa',
  saveAndRetry: 'Hifadhi ujaribu tena',
  cancel: 'Ghairi',
  editTitle: 'Hariri kabla ya kutuma tena',
  editText: 'Rekebisha kile ambacho seva ilikataa, kisha ukitume tena.',
  discardTitle: 'Utupe kipengee hiki?',
  discardText: (label: string) =>
    `${label} haikuwahi kutumwa kwenye seva. Ukiitupa, imepotea kabisa. Hatua hii haiwezi kutenduliwa.`,
  discardConfirm: 'Tupa',
  discarded: 'Kimeondolewa kwenye orodha ya kutumwa.',
  logOutTitle: 'Kazi bado haijatumwa',
  logOutText: (count: number) =>
    `${count} ${count === 1 ? 'kipengee bado hakijafika' : 'vipengee bado havijafika'} kwenye seva. Vinabaki kwenye simu hii na vitatumwa ukiingia tena kama mtumiaji yule yule. Utoke hata hivyo?`,
  logOutAnyway: 'Toka hata hivyo',
  stay: 'Endelea kuwa ndani',
};

export const offlineText = inLanguage({ en, sw });
export const offlineCatalogue = { en, sw };
