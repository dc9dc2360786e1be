/**
 * Texts of the agent's field work: following up overdue loans and keeping loan
 * files. The misspelt texts are part of the contract.
 */
import { inLanguage } from './language';

/** Validation and answers, shared by the forms and the server. */
const enFieldWork = {
  commentTooShort: 'Comment must be at least 5 characters',
  commentTooLong: 'Comment must be at most 2000 characters',
  loanRequired: 'Choose the loan this follow-up is about.',
  descriptionRequired: 'Add a decription or comment that can be given',
  descriptionTooLong: 'Description must be at most 1000 characters',
  borrowerRequired: 'Borrower is required',
  fileRequired: 'Choose a loan agreement file or another file to upload.',
  agreementNotFound: 'Loan agreement not found.',
  followUpCreated: 'Follow-up created successfully',
  agreementCreated: 'Loan agreement created',
  filesUploaded: 'Loan files uploaded successfully',
} as const;

export const fieldWorkText = inLanguage('fieldWork', enFieldWork);
export { enFieldWork as fieldWorkEnglish };

/** The Follow-ups list and the Loan follow-up page. */
const enFollowUps = {
  title: 'Follow-ups',
  subtitle:
    'Active and defaulted loans of your businesses, most overdue first. Open one to record what the borrower said.',
  searchLabel: 'Search by borrower name or phone',
  searchPlaceholder: 'Name or phone number',
  businessLabel: 'Business',
  allBusinesses: 'All Businesses',
  refresh: 'Refresh',
  loadFailed: 'Failed to load active loans. Please try again.',
  empty: 'No active loans to follow up. Loans appear here once they are disbursed.',
  noMatches: 'No loan matches this search or business.',
  showMore: (count: number) => `Show more (${count} more)`,
  columns: {
    borrower: 'Borrower',
    phone: 'Phone',
    business: 'Business',
    outstanding: 'Outstanding Amount',
    lastFollowUp: 'Last Follow-up',
    daysOverdue: 'Days Overdue',
    status: 'Status',
  },
  days: (count: number) => (count === 1 ? '1 day' : `${count} days`),
  notOverdue: 'Not overdue',
  overdueFor: (days: string) => `${days} overdue`,
  lastFollowUpOn: (date: string) => `Last follow-up ${date}`,
  noFollowUpYet: 'No follow-up yet',

  // the loan follow-up page
  back: 'Back to Follow-ups',
  loanDetailsFailed: 'Failed to load loan details. Please try again.',
  notFoundTitle: 'Loan Not Found',
  notFoundText: "The requested loan could not be found or you don't have permission to view it.",
  borrowerInfo: 'Borrower Information',
  loanDetails: 'Loan Details',
  dueDateTitle: 'Repayment Due Date',
  dueIn: (days: string) => `Due in ${days}`,
  dueToday: 'Due today',
  history: 'Follow-up History',
  historyCount: (count: number) => (count === 1 ? '1 follow-up' : `${count} follow-ups`),
  noHistory:
    'No follow-ups yet. Call or visit the borrower, then record what was agreed with Create Follow-Up.',
  by: (name: string) => `by ${name}`,
  sending: 'Sending',
  labels: {
    name: 'Name',
    phone: 'Phone Number',
    idNumber: 'ID Number',
    loanCode: 'Loan Code',
    status: 'Status',
    business: 'Business',
    plan: 'Loan Plan',
    principal: 'Principal Amount',
    outstanding: 'Outstanding Amount',
    disbursementDate: 'Disbursement Date',
  },
  planOf: (name: string, days: string) => `${name} (${days})`,
  callBorrower: (name: string) => `Call ${name}`,

  // the Create Follow-Up dialog
  create: 'Create Follow-Up',
  outboxLabel: (loanCode: string) => `Follow-up on ${loanCode}`,
  creating: 'Saving...',
  cancel: 'Cancel',
  commentLabel: 'Comment',
  commentPlaceholder: 'What did the borrower say? When will they pay?',
  commentHint: 'At least 5 characters.',
  createFailed: 'Failed to create follow-up. Please try again.',
} as const;

export const followUpsText = inLanguage('followUps', enFollowUps);
export { enFollowUps as followUpsEnglish };

/** The loan files page: a borrower's loan agreement and other files. */
const enLoanFiles = {
  outboxLabel: (borrower: string) => `Loan files for ${borrower}`,
  title: 'Loan Files',
  subtitle: (businessName: string) =>
    `Upload a borrower's signed loan agreement and other documents for ${businessName}.`,
  subtitleNoBusiness: 'Choose a business to upload loan files for its borrowers.',
  chooseBusinessText:
    'Loan files belong to a borrower of a lender business. Pick the business you are working for today.',
  formTitle: 'Upload loan files',
  descriptionLabel: 'Description',
  descriptionPlaceholder: 'e.g. Signed agreement for the 30-day loan, witnessed by the chief',
  borrowerLabel: 'Borrower',
  borrowerPlaceholder: 'Search by name, phone or ID number',
  borrowersLoading: 'Loading borrowers...',
  borrowersFailed: 'The borrowers could not be loaded.',
  noBorrowers: 'No borrowers in this business yet. Register the borrower first.',
  noBorrowerMatches: 'No borrower matches this search.',
  borrowerOption: (name: string, phone: string) => `${name} · ${phone}`,
  borrowerOptionPending: (name: string, phone: string) => `${name} · ${phone} · Sending`,
  loanFileLabel: 'Loan agreement file',
  otherFileLabel: 'Other file',
  submit: 'Upload Files',
  submitting: 'Uploading...',

  // the borrower's files, below the form
  uploadedTitle: 'Uploaded files',
  uploadedOf: (name: string) => `Files uploaded for ${name}`,
  chooseBorrower: 'Choose a borrower above to see the files uploaded for them.',
  noFiles: 'No files uploaded for this borrower yet.',
  filesFailed: 'The uploaded files could not be loaded.',
  filesOffline: 'Files uploaded earlier show here once the phone is back online.',
  filesOfflineBelowPending:
    'The files above are saved on this phone. Files uploaded earlier show here once the phone is back online.',
  pendingUpload: 'Saved on this phone',
  retry: 'Try again',
  agreementNumber: (id: number) => `Loan agreement #${id}`,
  noFilesInAgreement: 'No files in this agreement yet.',
  kinds: { loanAgreement: 'Loan agreement', other: 'Other file' },
  open: 'Open',
  openFile: (name: string) => `Open ${name}`,
  linkUnavailable: 'Preview unavailable',
} as const;

export const loanFilesText = inLanguage('loanFiles', enLoanFiles);
export { enLoanFiles as loanFilesEnglish };
