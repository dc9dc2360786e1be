/** Texts of the installable app: the "new version available" prompt (docs/architecture.md §7). */
import { inLanguage } from './language';
const en = {
  updateTitle: 'A new version of Mkopo is available',
  updateText: 'Save what you are typing first: updating reloads the page.',
  update: 'Update',
  updating: 'Updating...',
  later: 'Later',
} as const;

export const pwaText = inLanguage('pwa', en);
export { en as pwaEnglish };
