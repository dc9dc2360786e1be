/** The Kiswahili side of src/i18n/own-figures.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { ownFiguresEnglish } from '../own-figures';

export const ownFigures: Catalogue<typeof ownFiguresEnglish> = {
  title: 'Ripoti',
  subtitle: 'Takwimu zako ziko kwenye skrini unazofanyia kazi.',
  agentText:
    'Ripoti za jukwaa ni za wasimamizi. Mikopo yako inayohitaji uangalizi iko kwenye skrini hizi:',
  agentLinks: {
    followUps: 'Ufuatiliaji: mikopo hai iliyopita tarehe ya kulipa, na siku za kuchelewa',
    borrowers: 'Wakopaji: wakopaji uliowasajili',
  },
};
