/** The languages Mkopo speaks to borrowers (SMS notices, statements) and agents: English and Kiswahili. */
export const languages = ['en', 'sw'] as const;
export type Language = (typeof languages)[number];
