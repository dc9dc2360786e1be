/**
 * Texts of the complaints register (the README's "Complaints"): the agent's screen, the
 * lenders' queue and the administrators' register and report, and the sentences the server
 * answers with. The agent's side has Kiswahili (./sw/complaints.ts).
 */
import { inLanguage } from './language';

const enComplaints = {
  title: 'Complaints',
  agentSubtitle:
    "Record a borrower's complaint. It is sent at once, or kept on this phone until there is a connection.",
  queueSubtitle:
    'Complaints from borrowers, agents and your team. Resolve each one before its deadline.',
  adminSubtitle: "Every lender's complaints register, with the figures the regulator asks for.",
  record: 'Record complaint',
  recording: 'Recording…',
  recorded: 'Complaint recorded. The borrower gets an SMS with its reference.',
  businessLabel: 'Business',
  borrowerLabel: 'Borrower',
  borrowerPlaceholder: 'Choose the borrower',
  categoryLabel: 'Category',
  textLabel: 'What is the complaint?',
  textHint: 'In the borrower’s words: what happened, when, and what they ask for.',
  textRequired: 'Describe the complaint in at least 5 characters.',
  textTooLong: 'A complaint is at most 1000 characters.',
  resolutionRequired: 'Write the resolution (at least 5 characters) before resolving.',
  resolutionTooLong: 'A resolution is at most 1000 characters.',
  categoryRequired: 'Choose a category.',
  borrowerRequired: 'Choose the borrower.',
  businessRequired: 'Choose the business.',
  mine: 'Complaints I recorded',
  none: 'No complaints yet. Record one when a borrower raises a concern.',
  noneInQueue: 'No complaints match. New ones appear here as they arrive.',
  loadFailed: 'Failed to load complaints. Please try again.',
  createFailed: 'Failed to record the complaint. Please try again.',
  updateFailed: 'Failed to update the complaint. Please try again.',
  offlineList: 'You are offline: the list shows again when the connection is back.',
  notFound: 'Complaint not found.',
  overdue: 'Overdue',
  dueBy: (date: string) => `Due ${date}`,
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  columns: {
    reference: 'Reference',
    received: 'Received',
    borrower: 'Borrower',
    business: 'Business',
    category: 'Category',
    channel: 'Channel',
    status: 'Status',
    deadline: 'Deadline',
    owner: 'Owner',
  },
  categories: {
    charges: 'Charges or interest',
    repayment_not_credited: 'Repayment not credited',
    debt_collection: 'Debt collection conduct',
    data_privacy: 'Data privacy or CRB listing',
    disbursement: 'Disbursement',
    other: 'Other',
  },
  statuses: {
    open: 'Open',
    in_progress: 'In progress',
    resolved: 'Resolved',
    closed: 'Closed',
  },
  channels: { sms: 'SMS', agent: 'Agent', lender: 'Lender' },
  detail: 'Complaint',
  back: 'Back to Complaints',
  history: 'History',
  text: 'Complaint',
  resolution: 'Resolution',
  resolutionLabel: 'Resolution (sent to the borrower by SMS)',
  ownerLabel: 'Owner',
  unassigned: 'Unassigned',
  assign: 'Assign',
  start: 'Start work',
  resolve: 'Resolve',
  close: 'Close',
  saved: 'Complaint updated.',
  report: 'Report',
  total: 'Complaints',
  openCount: 'Open',
  overdueCount: 'Overdue',
  medianToResolve: 'Median time to resolve',
  meanToResolve: 'Mean time to resolve',
  hours: (value: string) => `${value} h`,
  exportCsv: 'Export CSV',
  sending: 'Sending',
  actions: {
    created: 'Recorded',
    assigned: 'Owner set',
    status: 'Status changed',
    category: 'Category changed',
  },
} as const;

export const complaintsText = inLanguage('complaints', enComplaints);
export { enComplaints as complaintsEnglish };

/** The server's sentences (English: the API speaks English). */
export const complaintsServerText = {
  created: 'Complaint recorded.',
  updated: 'Complaint updated.',
  notFound: 'Complaint not found.',
  borrowerNotFound: 'Borrower not found.',
  loanNotFound: 'Loan not found.',
  loanOfOtherBorrower: 'This loan is not the borrower’s.',
  ownerNotFound: 'The owner must be the lender or an agent of this business.',
  badTransition: (from: string, to: string) => `A complaint that is ${from} cannot become ${to}.`,
  agentNeedsBorrower: 'Choose the borrower the complaint is from.',
  resolutionRequired: 'Write the resolution (at least 5 characters) before resolving.',
} as const;
