/** Texts of the business selector. */
import type { BusinessStatus } from '../domain/roles';
import { inLanguage } from './language';
const en = {
  selectorTitle: 'Choose an account',
  selectorSubtitle: 'Select a business to continue',
  listLabel: 'Your businesses',
  current: 'Current',
  noBusinessTitle: 'No business yet',
  noBusinessText: 'Register your first lender business to start lending.',
  registerBusiness: 'Register a business',
  registerAnother: 'Register another business',
  agentNoBusinessTitle: 'No business assigned yet',
  agentNoBusinessText:
    'Your lender has not assigned you to a business yet. Ask them to add you, then come back here.',
  loadFailed: 'Your businesses could not be loaded.',
  retry: 'Try again',
  logOut: 'Log out',
  /** A business's status (new until an admin approves it), wherever one is shown. */
  statuses: {
    new: 'New',
    active: 'Active',
    rejected: 'Rejected',
    blocked: 'Blocked',
  } satisfies Record<BusinessStatus, string>,
} as const;

export const businessesText = inLanguage('businesses', en);
export { en as businessesEnglish };
