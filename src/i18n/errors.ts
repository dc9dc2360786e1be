/** The screen shown instead of one that failed to render. */
import { inLanguage } from './language';
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

export const errorText = inLanguage('error', en);
export { en as errorEnglish };
