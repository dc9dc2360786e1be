/**
 * The Reports page of lenders and agents: the platform's reports are the administrators', so
 * it points to the screens where
 * their own figures are. The lender's list of those screens is in reportsText.lenderPage.
 */
import { inLanguage } from './language';
const en = {
  title: 'Reports',
  subtitle: 'Your figures live on the screens where you work with them.',
  agentText:
    'Platform reports are for administrators. Your loans needing attention are on these screens:',
  agentLinks: {
    followUps: 'Follow-ups: active loans past due, with days overdue',
    borrowers: 'Borrowers: the borrowers you registered',
  },
} as const;

export const ownFiguresText = inLanguage('ownFigures', en);
export { en as ownFiguresEnglish };
