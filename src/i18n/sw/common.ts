/** The Kiswahili side of src/i18n/common.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { commonEnglish } from '../common';

export const common: Catalogue<typeof commonEnglish> = {
  productName: 'Mkopo',
  notAvailable: 'Haipo',
  accessDenied: 'Huna Ruhusa',
  accessDeniedText: 'Huna ruhusa ya kuona ukurasa huu.',
  goBackHome: 'Rudi Mwanzo',
  genericError: 'Hitilafu imetokea. Tafadhali jaribu tena.',
  errorTitle: 'Samahani! Kuna tatizo.',
  successTitle: 'Imefaulu',
  create: 'Unda',
  creating: 'Inaunda...',
  cancel: 'Ghairi',
  close: 'Funga kidirisha',
  dismissNotification: 'Ondoa arifa',
  metricsTokenRequired: 'Vipimo vinahitaji METRICS_TOKEN kama tokeni ya bearer.',
  newestOf: (shown: number, total: number) =>
    `vipya ${shown.toLocaleString('en-KE')} kati ya ${total.toLocaleString('en-KE')}`,
  chooseBusinessFirst: 'Chagua biashara kwanza',
  chooseBusiness: 'Chagua biashara',
  notFound: 'Ukurasa au rekodi uliyoomba haipo.',
  reference: (requestId: string) => `(Kumbukumbu: ${requestId.slice(0, 8)})`,
  serverUnavailable: 'Seva haipatikani. Angalia muunganisho wako kisha ujaribu tena.',
  invalidUserRole: 'Jukumu la mtumiaji si sahihi',
  loadFailedTitle: 'Orodha hii haikuweza kupakiwa',
  retry: 'Jaribu tena',
  pageOf: (page: number, pages: number) => `Ukurasa ${page} kati ya ${pages}`,
  previousPage: 'Ukurasa uliopita',
  nextPage: 'Ukurasa unaofuata',
  supportEmail: 'support@mkopo.co.ke',
  upcomingScreen: 'Skrini hii inajengwa na itapatikana katika toleo lijalo.',
  pathSegmentTitles: {
    loanplan: 'Mpango wa Mkopo',
    lenderbusiness: 'Biashara ya Mkopeshaji',
    lenderbusinessarea: 'Eneo la Biashara',
    mpesa: 'M-Pesa',
    inject: 'Ongeza Pesa',
    withdrawal: 'Toa Pesa',
    'loan-agreement': 'Faili za Mkopo',
    'follow-up': 'Ufuatiliaji',
    fine: 'Faini',
    region: 'Mikoa',
  },
  pathActionTitles: { add: 'Ongeza', register: 'Sajili', update: 'Sasisha' },
  // The statuses read in English on a Kiswahili phone too, as they always have: translating
  // them is a change of its own.
  loanStatuses: {
    pending: 'Pending',
    disbursing: 'Disbursing',
    active: 'Active',
    repaid: 'Repaid',
    default: 'Default',
    written_off: 'Written Off',
    rejected: 'Rejected',
  },
};
