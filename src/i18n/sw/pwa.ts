/** The Kiswahili side of src/i18n/pwa.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { pwaEnglish } from '../pwa';

export const pwa: Catalogue<typeof pwaEnglish> = {
  updateTitle: 'Toleo jipya la Mkopo linapatikana',
  updateText: 'Hifadhi unachoandika kwanza: kusasisha kunapakia ukurasa upya.',
  update: 'Sasisha',
  updating: 'Inasasisha...',
  later: 'Baadaye',
};
