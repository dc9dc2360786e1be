/** The Kiswahili side of src/i18n/working-set.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { workingSetEnglish } from '../working-set';

export const workingSet: Catalogue<typeof workingSetEnglish> = {
  title: 'Kufanya kazi bila mtandao',
  ready: 'Tayari bila mtandao',
  notReady: 'Haiko tayari bila mtandao',
  syncing: 'Inasawazisha…',
  syncNow: 'Sawazisha sasa',
  lastSynced: (when) => `Ilisawazishwa mara ya mwisho ${when}`,
  neverSynced: 'Bado haijasawazishwa',
  kept: 'Vilivyohifadhiwa kwenye simu hii',
  counts: {
    borrowers: (n, one) => `${one ? 'Mkopaji' : 'Wakopaji'} ${n}`,
    loans: (n, one) => `${one ? 'Mkopo' : 'Mikopo'} ${n}`,
    followUps: (n, _one) => `Ufuatiliaji ${n}`,
    agreements: (n, one) => `${one ? 'Faili la mkopo' : 'Mafaili ya mkopo'} ${n}`,
    complaints: (n, one) => `${one ? 'Lalamiko' : 'Malalamiko'} ${n}`,
  },
  lists: {
    borrowers: 'wakopaji',
    loans: 'mikopo',
    followUps: 'ufuatiliaji',
    agreements: 'mafaili ya mkopo',
    ledgers: 'taarifa za mikopo',
    complaints: 'malalamiko',
  },
  storage: (used) => `Hifadhi iliyotumika: ${used}`,
  persistent: 'Simu inahifadhi data hii hata nafasi ikipungua.',
  notPersistent: 'Simu inaweza kufuta data hii nafasi ikipungua.',
  warningNever:
    'Simu hii bado haijasawazishwa: unganisha kwenye intaneti ili wakopaji na mikopo yako vihifadhiwe kwenye simu.',
  warningFilling: 'Wakopaji na mikopo yako bado wanawasili kwenye simu hii. Endelea kuunganishwa.',
  warningStale:
    'Usawazishaji wa mwisho ulikuwa zaidi ya siku moja iliyopita: unganisha kwenye intaneti ili kusasisha wakopaji na mikopo yako.',
  warningOffline: 'Usawazishaji wa mwisho haukufikia seva.',
  warningServer: (message) => `Usawazishaji wa mwisho haukufaulu: ${message}`,
  warningLists: (lists) => `Orodha hizi hazikusawazishwa kikamilifu na zinaletwa upya: ${lists}.`,
  warningStorageFull:
    'Hifadhi ya simu imejaa: wakopaji na mikopo yako hawakuweza kusasishwa, na kazi mpya unayoingiza bila mtandao huenda isihifadhiwe. Ondoa vitu kwenye simu upate nafasi.',
  warningStorageRefused:
    'Simu imekataa kuhifadhi wakopaji na mikopo yako: hawakuweza kusasishwa. Kazi iliyo kwenye Vinavyosubiri Kutumwa inahifadhiwa.',
  warningUpdateApp:
    'Programu hii ni ya zamani kuliko seva: isasishe (pakia upya ukiwa na mtandao) kabla ya kusajili wakopaji.',
};
