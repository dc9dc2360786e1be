/** The Kiswahili side of src/i18n/input.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { inputEnglish } from '../input';

export const input: Catalogue<typeof inputEnglish> = {
  labels: {
    firstName: 'Jina la kwanza',
    lastName: 'Jina la mwisho',
    email: 'Barua pepe',
    idNumber: 'Nambari ya kitambulisho',
    phoneNumber: 'Nambari ya simu',
    alternativePhoneNumber: 'Nambari mbadala ya simu',
    businessName: 'Jina la biashara',
    paybillNumber: 'Nambari ya Paybill',
    name: 'Jina',
    description: 'Maelezo',
    loanCode: 'Nambari ya mkopo',
    reason: 'Sababu',
    page: 'Ukurasa',
    limit: 'Kikomo',
    nextOfKinName: 'Jina la jamaa wa karibu',
    nextOfKinNumber: 'Nambari ya jamaa wa karibu',
    nextOfKinRelation: 'Uhusiano na jamaa wa karibu',
  },
  controlCharacter: (field: string | null) =>
    `${field ? `Sehemu "${field}"` : 'Ombi hili'} ina herufi ya udhibiti (kama NUL) isiyoweza kuhifadhiwa. Tafadhali iondoe ujaribu tena.`,
  tooLong: (label: string, max: number) => `${label} isizidi herufi ${max.toLocaleString('sw-KE')}`,
  wholeNumberRange: (label: string, min: number, max: number) =>
    `${label} iwe nambari kamili kuanzia ${min.toLocaleString('sw-KE')} hadi ${max.toLocaleString('sw-KE')}.`,
  numberWithSpaces: 'Andika nambari bila nafasi kabla au baada yake.',
  amountTwoDecimals: 'Weka kiasi chenye desimali zisizozidi mbili.',
  unstorableValue:
    'Thamani fulani katika ombi hili haiwezi kuhifadhiwa (aina isiyo sahihi, nje ya kiwango au ndefu mno). Tafadhali iangalie ujaribu tena.',
  badAddress: 'Anwani hii haisomeki: ina usimbaji usio sahihi.',
  addressTooLong: 'Anwani hii ni ndefu mno.',
  jsonOnly: 'Anwani hii inapokea JSON, si fomu ya kupakia.',
  nestedTooDeeply: 'Ombi hili lina viwango vingi mno kusomeka.',
  bodyNotObject: 'Tuma maudhui ya ombi hili kama kitu cha JSON (object).',
  badMultipart: 'Tuma fomu hii kama multipart/form-data pamoja na sehemu na faili zake.',
  badFileName:
    'Jina la faili lina herufi ya udhibiti. Tafadhali badilisha jina la faili ujaribu tena.',
};
