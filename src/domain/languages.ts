/** The languages Mkopo speaks to borrowers (SMS notices, statements) and agents: English and Kiswahili. */
export const languages = ['en', 'sw'] as const;
export type Language = (typeof languages)[number];

/**
 * Each language by its own name, as a speaker of it looks for it in a list: the same on every
 * screen whatever the screen's language, so no catalogue translates it.
 */
export const languageNames = { en: 'English', sw: 'Kiswahili' } as const satisfies Record<
  Language,
  string
>;
