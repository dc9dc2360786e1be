/** The Kiswahili side of src/i18n/offline.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { offlineEnglish } from '../offline';

export const offline: Catalogue<typeof offlineEnglish> = {
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
  refusedTitle: 'Seva ilikikataa',
  editLoading: 'Fomu inafunguliwa',
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
