/** Texts of the file picker for one document (src/components/document-input.tsx): photos, IDs, loan files. */
import { inLanguage } from './language';
const en = {
  choose: 'Choose a file',
  remove: 'Remove',
  removeFile: (name: string) => `Remove ${name}`,
  hint: (types: string, maxMegabytes: string) => `${types}, up to ${maxMegabytes} MB`,
  tooLarge: (name: string, size: string, maxMegabytes: string) =>
    `${name} is ${size}; files up to ${maxMegabytes} MB are accepted. Choose a smaller file.`,
  wrongType: (name: string, types: string) => `${name} cannot be used: choose a ${types} file.`,
  previewOf: (name: string) => `Preview of ${name}`,
  typeSeparator: ', ',
  lastTypeSeparator: ' or ',
} as const;

export const documentInputText = inLanguage('documentInput', en);
export { en as documentInputEnglish };
