/** The Kiswahili side of src/i18n/businesses.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { businessesEnglish } from '../businesses';

export const businesses: Catalogue<typeof businessesEnglish> = {
  selectorTitle: 'Chagua akaunti',
  selectorSubtitle: 'Chagua biashara ili uendelee',
  listLabel: 'Biashara zako',
  current: 'Ya sasa',
  noBusinessTitle: 'Bado hakuna biashara',
  noBusinessText: 'Sajili biashara yako ya kwanza ya ukopeshaji ili uanze kukopesha.',
  registerBusiness: 'Sajili biashara',
  registerAnother: 'Sajili biashara nyingine',
  agentNoBusinessTitle: 'Bado hujapewa biashara',
  agentNoBusinessText:
    'Mkopeshaji wako bado hajakuweka kwenye biashara. Mwombe akuongeze, kisha urudi hapa.',
  loadFailed: 'Biashara zako hazikuweza kupakiwa.',
  retry: 'Jaribu tena',
  logOut: 'Toka',
  statuses: { new: 'Mpya', active: 'Hai', rejected: 'Imekataliwa', blocked: 'Imezuiwa' },
};
