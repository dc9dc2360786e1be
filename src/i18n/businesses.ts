/** Texts of the business selector (the spec's "Business selector", "Business selector"). */
import { inLanguage, type Catalogue } from './language';
const en = {
  selectorTitle: 'Choose an account',
  selectorSubtitle: 'Select a business to continue',
  listLabel: 'Your businesses',
  current: 'Current',
  noBusinessTitle: 'No business yet',
  noBusinessText: 'Register your first lender business to start lending.',
  registerBusiness: 'Register a business',
  registerAnother: 'Register another business',
  agentNoBusinessTitle: 'No business assigned yet',
  agentNoBusinessText:
    'Your lender has not assigned you to a business yet. Ask them to add you, then come back here.',
  loadFailed: 'Your businesses could not be loaded.',
  retry: 'Try again',
  logOut: 'Log out',
} as const;

const sw: Catalogue<typeof en> = {
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
};

export const businessesText = inLanguage({ en, sw });
export const businessesCatalogue = { en, sw };
