/** The Kiswahili side of src/i18n/document-input.ts (loaded only for a phone set to Kiswahili: ./index.ts). */
import type { Catalogue } from '../language';
import type { documentInputEnglish } from '../document-input';

export const documentInput: Catalogue<typeof documentInputEnglish> = {
  choose: 'Chagua faili',
  remove: 'Ondoa',
  removeFile: (name: string) => `Ondoa ${name}`,
  hint: (types: string, maxMegabytes: string) => `${types}, hadi ${maxMegabytes} MB`,
  tooLarge: (name: string, size: string, maxMegabytes: string) =>
    `${name} ni ${size}; zinakubaliwa faili za hadi ${maxMegabytes} MB. Chagua faili ndogo zaidi.`,
  wrongType: (name: string, types: string) => `${name} haiwezi kutumika: chagua faili ya ${types}.`,
  previewOf: (name: string) => `Onyesho la ${name}`,
  typeSeparator: ', ',
  lastTypeSeparator: ' au ',
};
