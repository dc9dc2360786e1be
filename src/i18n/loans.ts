/** Texts of loan applications and review. */
import { inLanguage } from './language';
const en = {
  borrowerRequired: 'Borrower is required',
  planRequired: 'Loan plan is required',
  amountPositive: 'Amount must be greater than 0',
  applied: 'Loan application submitted successfully!',
  applyFailed: 'Loan application Failed to submit application.',
  overLimit: (limit: string) => `The principal is above this borrower's loan limit of ${limit}.`,
  borrowerNotActive: 'This borrower is not active and cannot get a new loan.',
  openLoanExists: 'This borrower already has an open loan in this business.',
  planNotInBusiness: 'Choose a loan plan of this business.',
  borrowerNotInBusiness: 'Choose a borrower of this business.',
  loanNotFound: 'Loan Not Found',
  onlyPending: (status: string) => `Only a pending loan can be changed; this loan is ${status}.`,
  updated: 'Loan updated',
  rejected: 'Loan rejected',
  disbursementFailed: 'An error occurred during disbursement',

  // loan application page (the disclosure: docs/architecture.md §5)
  applicationTitle: 'Loan Application',
  applicationSubtitle: (businessName: string) =>
    `Apply for a loan for a borrower of ${businessName}. The calculator shows the full cost before the borrower accepts.`,
  applicationSubtitleNoBusiness: 'Choose a business to apply for a loan for one of its borrowers.',
  chooseBusinessText:
    'Loans are given by a lender business. Pick the business you are working for today.',
  borrowerLabel: 'Borrower',
  borrowerPlaceholder: 'Search by name, phone or ID number',
  borrowersLoading: 'Loading borrowers...',
  noBorrowers: 'No borrowers in this business yet. Register the borrower first.',
  borrowersFailed: 'The borrowers could not be loaded.',
  noBorrowerMatches: 'No borrower matches this search.',
  borrowerOption: (name: string, phone: string) => `${name} · ${phone}`,
  /** A borrower registered offline, not sent yet: a loan can be applied for all the same. */
  borrowerOptionPending: (name: string, phone: string) => `${name} · ${phone} · Sending`,
  applicationFor: (name: string) => `Loan application for ${name}`,
  borrowerOptionInactive: (name: string, phone: string, status: string) =>
    `${name} · ${phone} (${status})`,
  planLabel: 'Loan Plan',
  planPlaceholder: 'Choose a loan plan',
  plansLoading: 'Loading loan plans...',
  noPlans: 'No loan plans in this business yet. The lender creates them under Loan Plans.',
  plansFailed: 'The loan plans could not be loaded.',
  planOption: (name: string, days: string, interest: string) =>
    `${name} · ${days}, ${interest} interest`,
  principalLabel: 'Principal Amount',
  principalPlaceholder: '0.00',
  currency: 'KES',
  loanLimitHint: (limit: string) => `This borrower's loan limit: ${limit}`,
  submitApplication: 'Submit Application',
  submitting: 'Submitting...',
  appliedDetail: (loanCode: string) =>
    `Loan code ${loanCode}. It now waits for the lender's approval.`,
  calculatorWaiting:
    'Choose a loan plan and enter an amount: the loan calculator then shows the cost of the loan, the due date and the repayment schedule.',

  // the calculator (CBK digital-credit disclosure)
  calculatorTitle: 'Loan Calculator',
  ifDisbursedToday: 'If disbursed today',
  figures: {
    principal: 'Principal',
    processingFee: 'Processing fee',
    interest: 'Interest',
    total: 'Total to repay',
    disbursement: 'Disbursed to M-Pesa',
    outstanding: 'Outstanding',
    costOfCredit: 'Total cost of credit',
    cycles: 'Number of payments',
    cyclePayment: 'Cycle payment',
    lastPayment: 'Last payment',
    dueDate: 'Due date',
  },
  withRate: (label: string, rate: string) => `${label} (${rate})`,
  costShare: (share: string) => `${share} of the principal (processing fee + interest)`,
  cyclesEvery: (count: number, days: string) =>
    count === 1 ? '1, on the due date' : `${count}, every ${days}`,
  scheduleTitle: 'Repayment schedule',
  scheduleColumns: { number: 'No.', dueDate: 'Due date', amount: 'Amount' },
  scheduleTotal: 'Total',
  disclosure:
    "Go through these figures with the borrower before they accept the loan, as the Central Bank of Kenya's digital credit rules require.",
  days: (count: number) => (count === 1 ? '1 day' : `${count} days`),

  // loans and approve pages
  loansTitle: 'Loans',
  loansSubtitle: (businessName: string) =>
    `Every loan of ${businessName} by status: review, disburse, edit or write off.`,
  approveTitle: 'Approve Loans',
  approveSubtitle: (businessName: string) =>
    `Pending applications of ${businessName}: check the figures, then disburse or reject.`,
  listSubtitleNoBusiness: 'Choose a business to see its loans.',
  searchLabel: 'Search by loan code',
  searchPlaceholder: 'Loan code',
  refresh: 'Refresh',
  refreshing: 'Refreshing...',
  allTab: 'All',
  statusTabs: 'Loan status',
  columns: {
    borrower: 'Borrower',
    requesterAgent: 'Requester Agent',
    approverAgent: 'Approver Agent',
    principalAmount: 'Principal Amount',
    disbursementAmount: 'Disbursement Amount',
    outstanding: 'Outstanding',
    lenderLoanPlan: 'Lender Loan Plan',
    loanCode: 'Loan Code',
    applicationDate: 'Application Date',
    disbursementDate: 'Disbursement Date',
    status: 'Status',
    actions: 'Actions',
    edit: 'Edit',
  },
  view: 'View',
  edit: 'Edit',
  viewLoanNamed: (loanCode: string) => `View loan ${loanCode}`,
  editLoanNamed: (loanCode: string) => `Edit loan ${loanCode}`,
  editOnlyPending: 'Only a pending loan can be edited',
  noLoans: 'No loans yet. Loan applications filed by your agents appear here.',
  noPendingLoans: 'No applications waiting for approval. New loan applications appear here.',
  noLoansInTab: 'No loans with this status.',
  noCodeMatches: (query: string) => `No loan code matches "${query}".`,
  outstandingOf: (amount: string) => `Outstanding: ${amount}`,

  // loan details dialog
  detailsTitle: 'Loan Details',
  sections: {
    amounts: 'Amounts',
    plan: 'Loan plan',
    dates: 'Dates',
    people: 'Agents',
  },
  labels: {
    loanCode: 'Loan Code',
    phone: 'Phone Number',
    applicationDate: 'Application Date',
    disbursementDate: 'Disbursement Date',
    dueDate: 'Due Date',
    requesterAgent: 'Requester Agent',
    approverAgent: 'Approver Agent',
  },
  disburse: 'Disburse',
  disbursing: 'Disbursing...',
  disbursementFailedTitle: 'Disbursement failed',
  disbursementFailedNote: (reason: string) =>
    `${reason.replace(/\.\s*$/, '')}. The loan is pending again: check the number with the borrower, then disburse again or reject it.`,
  disbursementFailedShort: 'Last disbursement failed',
  disbursedTitle: 'Loan disbursed',
  disbursed: (loanCode: string) => `M-Pesa paid loan ${loanCode}; the loan is now active.`,
  disburseQuestion: (loanCode: string) =>
    `Send loan ${loanCode} to the borrower by M-Pesa? The money leaves the business's capital at once.`,
  disburseFigures: {
    amount: 'Sent by M-Pesa',
    fee: 'Processing fee (kept from the principal)',
    phone: 'To the phone',
    capitalAfter: 'Business capital after it',
  },
  capitalShort: 'The business does not have enough capital for this loan.',
  confirmDisburse: 'Yes, disburse',
  reject: 'Reject',
  rejecting: 'Rejecting...',
  rejectQuestion: 'Reject this loan application? The borrower will need a new application.',
  confirmReject: 'Yes, reject',
  cancel: 'Cancel',
  close: 'Close',
  successTitle: 'Success',
  withdrawalDeclined: 'Withdrawal declined',
  minimumTransactionPhrase: 'less than the minimum transaction amount',

  // edit loan dialog
  editTitle: 'Edit Loan',
  loanOf: (loanCode: string, borrower: string) => `Loan ${loanCode} of ${borrower}`,
  newFigures: 'Figures after the change',
  saveChanges: 'Save Changes',
  saving: 'Saving...',

  // borrower details dialog
  borrowerTitle: 'Borrower Details',
  borrowerLabels: {
    name: 'Name',
    phone: 'Phone Number',
    idNumber: 'ID Number',
    nextOfKinName: 'Next of Kin Name',
    nextOfKinNumber: 'Next of Kin Phone',
    nextOfKinRelation: 'Relation',
  },

  // loan plan details dialog
  planTitle: 'Loan Plan Details',
  planTermsNote: 'The terms stored on this loan when it was applied for.',
  planLabels: {
    name: 'Name',
    durationInDays: 'Duration',
    interestRate: 'Interest Rate',
    processingFee: 'Processing Fee',
    repaymentCycle: 'Repayment Cycle',
    fineRateWithinLoanPeriod: 'Fine rate within loan period',
    fineRateOverLoanPeriod: 'Fine rate over loan period',
    gracePeriodWithinLoanPeriod: 'Grace period within loan period',
    gracePeriodOverLoanPeriod: 'Grace period over loan period',
    business: 'Lender Business',
  },
  everyDays: (days: string) => `Every ${days}`,

  // write-off
  writeOff: 'Write Off',
  writeOffNamed: (loanCode: string) => `Write off loan ${loanCode}`,
  writeOffTitle: 'Write Off Loan',
  writeOffConfirm: 'This action cannot be undone. Are you sure you want to write off this loan?',
  writeOffWarning: (outstanding: string) =>
    `The loan is permanently removed from active loans and its remaining balance of ${outstanding} is marked as written off.`,
  writingOff: 'Writing off...',
  writeOffFailed: 'Failed to Write Off Loan',
} as const;

export const loansText = inLanguage('loans', en);
export { en as loansEnglish };
