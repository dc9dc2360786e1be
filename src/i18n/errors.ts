/** The screen shown instead of one that failed to render. */
import { inLanguage, type Catalogue } from './language';
const en = {
  title: 'Something went wrong on this screen',
  text: 'Nothing you saved is lost. Reload the page, or go back and try again.',
  newVersionTitle: 'A new version of Mkopo is available',
  newVersionText:
    'This screen could not be loaded: the app was updated, or the connection dropped. Reload to get the new version.',
  reload: 'Reload',
  goToDashboard: 'Go to dashboard',
  goHome: 'Go to home page',
  logOut: 'Log out',
} as const;

const sw: Catalogue<typeof en> = {
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

export const errorText = inLanguage({ en, sw });
export const errorCatalogue = { en, sw };
