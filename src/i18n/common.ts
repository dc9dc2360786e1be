/** Texts shared by every screen. */
export const commonText = {
  productName: 'Mkopo',
  notAvailable: 'N/A',
  accessDenied: 'Access Denied',
  accessDeniedText: 'You do not have permission to view this page.',
  goBackHome: 'Go Back Home',
  genericError: 'An error occurred. Please try again.',
  errorTitle: 'Uh oh! Something went wrong.',
  notFound: 'The page or record you asked for does not exist.',
  serverUnavailable: 'The server could not be reached. Check your connection and try again.',
  invalidUserRole: 'Invalid user role',
  loadFailedTitle: 'This list could not be loaded',
  retry: 'Try again',
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
  },
  /** Path segments naming an action on the segment before them ("loanplan/add"). */
  pathActionTitles: { add: 'Add', register: 'Register', update: 'Update' },
} as const;
