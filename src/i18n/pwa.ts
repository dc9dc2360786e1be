/** Texts of the installable app: the "new version available" prompt (docs/architecture.md §7). */
import { inLanguage, type Catalogue } from './language';
const en = {
  updateTitle: 'A new version of Mkopo is available',
  updateText: 'Save what you are typing first: updating reloads the page.',
  update: 'Update',
  updating: 'Updating...',
  later: 'Later',
} as const;

const sw: Catalogue<typeof en> = {
  updateTitle: 'Toleo jipya la Mkopo linapatikana',
  updateText: 'Hifadhi unachoandika kwanza: kusasisha kunapakia ukurasa upya.',
  update: 'Sasisha',
  updating: 'Inasasisha...',
  later: 'Baadaye',
};

export const pwaText = inLanguage({ en, sw });
export const pwaCatalogue = { en, sw };
