/** The Kiswahili side of src/i18n/administrators.ts. */
import type { administratorsEnglish } from '../administrators';
import type { Catalogue } from '../language';

export const administrators: Catalogue<typeof administratorsEnglish> = {
  title: 'Wasimamizi',
  subtitle:
    'Wanaoweza kuendesha jukwaa. Msimamizi mpya huweka nenosiri kupitia kiungo kilichotumwa kwa barua pepe na huweka uthibitishaji wa hatua ya pili anapoingia mara ya kwanza.',
  add: 'Ongeza msimamizi',
  loadFailed: 'Imeshindwa kupata wasimamizi',
  showMore: (count) => `Onyesha zaidi (${count} zaidi)`,
  empty:
    'Hakuna wasimamizi bado. Ongeza mmoja ili mtu wa pili aweze kuidhinisha vitendo vyenye hatari zaidi.',
  columns: {
    name: 'Jina',
    email: 'Barua pepe',
    role: 'Wadhifa',
    status: 'Hali',
    secondFactor: 'Hatua ya pili',
    createdAt: 'Aliongezwa',
    actions: 'Vitendo',
  },
  roles: { admin: 'Msimamizi', super_admin: 'Msimamizi mkuu' },
  statuses: { active: 'Hai', deactivated: 'Amezimwa' },
  factorOn: 'Imewekwa',
  factorOff: 'Haijawekwa',
  you: 'Wewe',
  actionsFor: (name) => `Vitendo vya ${name}`,
  addTitle: 'Ongeza msimamizi',
  addText:
    'Atapokea barua pepe yenye kiungo cha kuchagua nenosiri lake. Wewe hulioni wala hulichagui.',
  nameLabel: 'Jina',
  namePlaceholder: 'Wanjiku Kamau',
  emailLabel: 'Barua pepe',
  emailPlaceholder: 'jina@mfano.co.ke',
  nameRequired: 'Jina linahitajika',
  save: 'Ongeza msimamizi',
  saving: 'Inaongeza...',
  addFailed: 'Imeshindwa kuongeza msimamizi',
  successTitle: 'Imefanikiwa',
  deactivate: 'Zima',
  reactivate: 'Washa tena',
  resetFactor: 'Weka upya hatua ya pili',
  deactivateTitle: 'Zima msimamizi huyu',
  deactivateText: (name, email) =>
    `${name} (${email}) atatolewa mara moja na hataweza kuingia hadi awashwe tena.`,
  confirmDeactivate: 'Zima',
  deactivating: 'Inazima...',
  reactivateTitle: 'Washa tena msimamizi huyu',
  reactivateText: (name, email) =>
    `${name} (${email}) ataweza kuingia tena kwa nenosiri lake na hatua ya pili.`,
  confirmReactivate: 'Washa tena',
  reactivating: 'Inawasha...',
  resetTitle: 'Weka upya hatua ya pili',
  resetText: (name, email) =>
    `${name} (${email}) atatolewa mara moja na lazima aweke hatua mpya ya pili anapoingia tena. Fanya hivi tu ukiwa na uhakika ni nani aliyeomba.`,
  confirmReset: 'Weka upya hatua ya pili',
  resetting: 'Inaweka upya...',
  actionFailed: 'Kitendo kimeshindwa',
  added: (email) => `Msimamizi ameongezwa. ${email} ametumiwa kiungo cha kuweka nenosiri.`,
  emailTaken: 'Anwani hii ya barua pepe tayari ni ya akaunti nyingine.',
  notFound: 'Msimamizi hakupatikana.',
  deactivated: (name) => `${name} amezimwa na ametolewa.`,
  reactivated: (name) => `${name} yuko hai tena.`,
  notYourself: 'Huwezi kuzima akaunti yako mwenyewe.',
  notSuperAdmin: 'Msimamizi mkuu hawezi kuzimwa.',
  alreadyDeactivated: 'Msimamizi huyu tayari amezimwa.',
  alreadyActive: 'Msimamizi huyu tayari yuko hai.',
  needTwoActive:
    'Idhini ya pili imewashwa, na inahitaji wasimamizi wawili walio hai: kumzima huyu kungeacha wachache zaidi. Zima kiwango cha idhini ya pili katika Mipangilio kwanza, au ongeza msimamizi mwingine.',
  accountDeactivated:
    'Akaunti hii ya msimamizi imezimwa. Tafadhali mwombe msimamizi mkuu aiwashe tena.',
};
