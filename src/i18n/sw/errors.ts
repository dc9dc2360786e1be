/** The Kiswahili side of src/i18n/errors.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { errorEnglish } from '../errors';

export const error: Catalogue<typeof errorEnglish> = {
  title: 'Kuna tatizo kwenye skrini hii',
  text: 'Hakuna ulichohifadhi kilichopotea. Pakia upya ukurasa, au rudi nyuma ujaribu tena.',
  newVersionTitle: 'Toleo jipya la Mkopo linapatikana',
  newVersionText:
    'Skrini hii haikuweza kupakiwa: programu imesasishwa, au muunganisho umekatika. Pakia upya kupata toleo jipya.',
  reload: 'Pakia upya',
  goToDashboard: 'Nenda kwenye dashibodi',
  goHome: 'Nenda ukurasa wa mwanzo',
  logOut: 'Toka',
};
