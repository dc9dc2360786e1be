/** The Kiswahili side of src/i18n/crb.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { crbEnglish } from '../crb';

export const crb: Catalogue<typeof crbEnglish> = {
  title: 'Ripoti kwa mashirika ya CRB',
  subtitle:
    'Tengeneza faili za kila mwezi za wakopaji na akaunti kwa mujibu wa Mwongozo wa Viwango vya Data vya CRB, rekebisha makosa, zipakue na urekodi ulipozituma.',
  lender: 'Mkopeshaji',
  business: 'Biashara',
  month: 'Mwezi',
  monthHint: 'Mwezi ulioisha (YYYY-MM)',
  generate: 'Tengeneza',
  generating: 'Inatengeneza...',
  generated: (month: string, version: number) => `Toleo ${version} la ${month} liko tayari.`,
  versions: 'Matoleo',
  noVersions: 'Bado hakuna faili za mwezi huu. Chagua mwezi kisha ubonyeze Tengeneza.',
  loadFailed: 'Imeshindikana kupakia ripoti. Jaribu tena.',
  retry: 'Jaribu tena',
  version: 'Toleo',
  status: 'Hali',
  statuses: { draft: 'Rasimu', submitted: 'Imetumwa' },
  accounts: 'Akaunti',
  consumers: 'Wakopaji',
  nonPerforming: 'Mikopo mibaya',
  errorCount: 'Makosa',
  generatedAt: 'Ilitengenezwa',
  submittedAt: 'Ilitumwa',
  by: (email: string) => `na ${email}`,
  downloadConsumer: 'Faili ya wakopaji',
  downloadAccount: 'Faili ya akaunti',
  markSubmitted: 'Weka alama imetumwa',
  submitting: 'Inahifadhi...',
  confirmTitle: 'Weka alama kwamba toleo hili limetumwa?',
  confirmBody: (month: string, version: number) =>
    `Toleo ${version} la ${month} litahifadhiwa kama lilivyo, pamoja na jina lako na saa. Marekebisho ya baadaye yatakuwa toleo jipya.`,
  confirm: 'Ndiyo, limetumwa',
  cancel: 'Ghairi',
  marked: (month: string, version: number) =>
    `Toleo ${version} la ${month} limewekwa alama kuwa limetumwa.`,
  errorsTitle: 'Makosa ya kurekebisha kabla mashirika hayajakubali rekodi hizi',
  errorsNone: 'Hakuna makosa: kila rekodi imepita ukaguzi.',
  errorsLeftOut:
    'Rekodi zenye kosa haziwekwi kwenye faili. Zirekebishe kwa mkopaji, kisha utengeneze tena.',
  columns: {
    borrower: 'Mkopaji',
    loan: 'Mkopo',
    field: 'Sehemu',
    value: 'Thamani',
    problem: 'Tatizo',
    fix: 'Cha kurekebisha',
  },
  monthFormat: 'Andika mwezi kama YYYY-MM.',
  monthNotEnded: (month: string) =>
    `${month} bado haujaisha: mwezi huripotiwa baada ya siku yake ya mwisho (Afrika/Nairobi).`,
  submissionNotFound: 'Ripoti haikupatikana.',
  alreadySubmitted:
    'Toleo hili tayari limewekwa alama kuwa limetumwa; tengeneza mwezi tena kwa marekebisho.',
  notLatest: 'Ni toleo la mwisho tu la mwezi linaloweza kuwekwa alama kuwa limetumwa.',
  problems: {
    missing: 'haipo',
    tooLong: (max: number) => `ina herufi zaidi ya ${max}`,
    nameCharacters: 'ina alama zisizo herufi, nafasi, vistari au apostrofi',
    idFormat: 'si nambari ya kitambulisho cha Kenya (tarakimu tu, hadi 8)',
    phoneFormat: 'si nambari ya simu ya Kenya (2547XXXXXXXX au 2541XXXXXXXX)',
    dateInvalid: 'si tarehe halisi',
    dateFuture: 'ni ya siku zijazo',
    under18: 'inamfanya mkopaji kuwa chini ya miaka 18',
    over100: 'inamfanya mkopaji kuwa zaidi ya miaka 100',
    gender: 'si mwanamume wala mwanamke, thamani pekee zinazokubaliwa na mashirika',
    negative: 'iko chini ya sifuri',
    overdueAboveBalance: 'ni zaidi ya salio la sasa',
  },
  fixes: {
    name: 'Sahihisha jina la mkopaji kama lilivyoandikwa kwenye kitambulisho.',
    id: 'Andika nambari ya kitambulisho cha mkopaji kama ilivyochapishwa kwenye kadi.',
    phone: 'Andika nambari ya Safaricom au Airtel ya mkopaji, mfano 0712345678.',
    dob: 'Andika tarehe ya kuzaliwa ya mkopaji kama kwenye kitambulisho.',
    gender: 'Rekodi jinsia ya mkopaji kama kwenye kitambulisho.',
    amount: 'Kagua mkopo na malipo yake pamoja na msaada: kiasi hakilingani.',
  },
  notice: {
    title: 'Ilani kabla ya kuripotiwa kwa CRB',
    sent: (at: string, deadline: string) =>
      `Mkopaji aliarifiwa tarehe ${at} kwamba mkopo usipolipwa kufikia ${deadline} utaripotiwa kwa mashirika ya CRB kama mkopo usiolipwa.`,
    smsStatus: (status: string) => `SMS: ${status}`,
    none: 'Hakuna ilani kabla ya kuripotiwa kwa CRB.',
  },
};
