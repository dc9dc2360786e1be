/**
 * Both sides of a catalogue, for a program that needs both at once: the server stores the consent
 * text a borrower agreed to in the language they chose. The app never imports this module (the
 * Kiswahili sides load on their own, language.ts).
 */
import { borrowersEnglish } from './borrowers';
import { swahili } from './sw';

export const borrowersCatalogue = { en: borrowersEnglish, sw: swahili.borrowers };
