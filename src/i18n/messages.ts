/**
 * The screens of the SMS notices and the statement (the README's "Money and M-Pesa" and
 * "The borrower's statement and data rights").
 */
import { inLanguage } from './language';
const en = {
  // the loan's messages, in the lender's loan details
  loanMessagesTitle: 'Messages to the borrower',
  loanMessagesEmpty: 'No message has been sent for this loan yet.',
  loanMessagesFailed: 'The messages of this loan could not be loaded.',
  kinds: {
    disbursed: 'Disbursed',
    reminder: 'Reminder',
    payment_received: 'Payment received',
    repaid: 'Repaid',
    overdue: 'Overdue',
    complaint_received: 'Complaint received',
    complaint_resolved: 'Complaint resolved',
    crb_notice: 'Notice before CRB listing',
  } as Record<string, string | undefined>,
  statuses: {
    queued: 'Queued',
    sending: 'Sending',
    sent: 'Sent',
    delivered: 'Delivered',
    failed: 'Failed',
  } as Record<string, string | undefined>,
  failedBecause: (reason: string) => `Not delivered: ${reason}`,
  openStatement: 'Statement',
  statementOf: (loanCode: string) => `Statement of loan ${loanCode}`,
  // the statement page
  statementSubtitle: (loanCode: string, borrower: string) => `Loan ${loanCode} · ${borrower}`,
  print: 'Print',
  downloadPdf: 'Download PDF',
  downloading: 'Downloading...',
  downloadFailed: 'The statement could not be downloaded.',
  statementFailed: 'The statement could not be loaded.',
  backToLoans: 'Back to loans',
  noLines: 'Nothing has happened on this loan yet.',
  // the admins' Messages screen
  title: 'Messages',
  subtitle: 'Every SMS notice sent to borrowers, newest first. Failed ones say why.',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  fromFilter: 'From',
  toFilter: 'To',
  lenderFilter: 'Lender',
  allLenders: 'All lenders',
  columns: {
    when: 'When',
    to: 'To',
    loan: 'Loan',
    business: 'Business',
    kind: 'Kind',
    status: 'Status',
    text: 'Message',
  },
  noMessages: 'No message matches these filters.',
  loadFailed: 'Failed to load messages',
  total: (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`,
} as const;

export const messagesText = inLanguage('messages', en);
export { en as messagesEnglish };
