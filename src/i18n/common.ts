/** Texts shared by every screen. */
import type { LoanStatus } from '../domain/loans';
import type { borrowerStatuses } from '../domain/roles';
import { inLanguage } from './language';
const en = {
  productName: 'Mkopo',
  notAvailable: 'N/A',
  accessDenied: 'Access Denied',
  accessDeniedText: 'You do not have permission to view this page.',
  goBackHome: 'Go Back Home',
  genericError: 'An error occurred. Please try again.',
  errorTitle: 'Uh oh! Something went wrong.',
  successTitle: 'Success',
  create: 'Create',
  creating: 'Creating...',
  cancel: 'Cancel',
  close: 'Close dialog',
  dismissNotification: 'Dismiss notification',
  metricsTokenRequired: 'Metrics need the METRICS_TOKEN as a bearer token.',
  newestOf: (shown: number, total: number) =>
    `newest ${shown.toLocaleString('en-KE')} of ${total.toLocaleString('en-KE')}`,
  chooseBusinessFirst: 'Choose a business first',
  chooseBusiness: 'Choose a business',
  notFound: 'The page or record you asked for does not exist.',
  reference: (requestId: string) => `(Reference: ${requestId.slice(0, 8)})`,
  serverUnavailable: 'The server could not be reached. Check your connection and try again.',
  invalidUserRole: 'Invalid user role',
  loadFailedTitle: 'This list could not be loaded',
  retry: 'Try again',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  supportEmail: 'support@mkopo.co.ke',
  upcomingScreen: 'This screen is being built and will be available in an upcoming release.',
  /** Path segments whose humanised form would read badly, for titles built from a path. */
  pathSegmentTitles: {
    loanplan: 'Loan Plan',
    lenderbusiness: 'Lender Business',
    lenderbusinessarea: 'Lender Business Area',
    mpesa: 'M-Pesa',
    inject: 'Add Money',
    withdrawal: 'Withdraw Funds',
    'loan-agreement': 'Loan Files',
    'follow-up': 'Follow-ups',
    fine: 'Fines',
    region: 'Regions',
    help: 'Help',
  },
  /** Path segments naming an action on the segment before them ("loanplan/add"). */
  pathActionTitles: { add: 'Add', register: 'Register', update: 'Update' },
  /**
   * A loan's status on every screen that shows one (docs/architecture.md §5). Here, not in the
   * loans catalogue: the agent's first screen shows statuses, and the loans texts would add
   * 2.4 KiB to it.
   */
  loanStatuses: {
    pending: 'Pending',
    disbursing: 'Disbursing',
    active: 'Active',
    repaid: 'Repaid',
    default: 'Default',
    written_off: 'Written Off',
    rejected: 'Rejected',
  } satisfies Record<LoanStatus, string>,
  /** A borrower's status, on the borrowers' screens and where a loan's applicant is chosen. */
  borrowerStatuses: {
    active: 'Active',
    suspended: 'Suspended',
    flagged: 'Flagged',
    blocked: 'Blocked',
    // registered offline, waiting in the outbox (docs/architecture.md §7)
    sending: 'Sending',
  } satisfies Record<(typeof borrowerStatuses)[number] | 'sending', string>,
} as const;

export const commonText = inLanguage('common', en);
export { en as commonEnglish };
