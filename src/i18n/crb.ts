/**
 * Texts of the credit bureau submissions (docs/crb.md): the lender's and admin's screen, the
 * server's sentences, the field problems found before export and what to fix, and the notice
 * before adverse listing as the loan's page and statement show it.
 */
import { inLanguage } from './language';

const en = {
  title: 'Credit bureau submissions',
  subtitle:
    'Build the monthly consumer and account files of the CRB Data Standards Manual, fix what they flag, download them and record when you sent them.',
  lender: 'Lender',
  business: 'Business',
  month: 'Month',
  monthHint: 'A month that has ended (YYYY-MM)',
  generate: 'Generate',
  generating: 'Generating...',
  generated: (month: string, version: number) => `Version ${version} of ${month} is ready.`,
  versions: 'Versions',
  noVersions: 'No files for this month yet. Pick a month and press Generate.',
  loadFailed: 'Could not load the submissions. Try again.',
  retry: 'Try again',
  version: 'Version',
  status: 'Status',
  statuses: { draft: 'Draft', submitted: 'Submitted' },
  accounts: 'Accounts',
  consumers: 'Borrowers',
  nonPerforming: 'Non-performing',
  errorCount: 'Errors',
  generatedAt: 'Generated',
  submittedAt: 'Submitted',
  by: (email: string) => `by ${email}`,
  downloadConsumer: 'Consumer file',
  downloadAccount: 'Account file',
  markSubmitted: 'Mark as submitted',
  submitting: 'Saving...',
  confirmTitle: 'Mark this version as submitted?',
  confirmBody: (month: string, version: number) =>
    `Version ${version} of ${month} will be kept exactly as it is, with your name and the time. A correction later becomes a new version.`,
  confirm: 'Yes, mark as submitted',
  cancel: 'Cancel',
  marked: (month: string, version: number) =>
    `Version ${version} of ${month} is marked as submitted.`,
  errorsTitle: 'Errors to fix before the bureaus accept these records',
  errorsNone: 'No errors: every record passed the checks.',
  errorsLeftOut:
    'Records with an error are left out of the files. Fix them on the borrower, then generate again.',
  columns: {
    borrower: 'Borrower',
    loan: 'Loan',
    field: 'Field of the record',
    value: 'Value',
    problem: 'Problem',
    fix: 'What to fix',
  },
  // The server's sentences.
  monthFormat: 'Give the month as YYYY-MM.',
  monthNotEnded: (month: string) =>
    `${month} has not ended yet: a month is reported after its last day (Africa/Nairobi).`,
  submissionNotFound: 'Submission not found.',
  alreadySubmitted:
    'This version was already marked as submitted; generate the month again for a correction.',
  notLatest: 'Only the latest version of a month can be marked as submitted.',
  // Field problems and fixes.
  problems: {
    missing: 'is missing',
    tooLong: (max: number) => `is longer than ${max} characters`,
    nameCharacters: 'has characters other than letters, spaces, hyphens and apostrophes',
    idFormat: 'is not a Kenyan national ID number (digits only, up to 8)',
    phoneFormat: 'is not a Kenyan mobile number (2547XXXXXXXX or 2541XXXXXXXX)',
    dateInvalid: 'is not a real date',
    dateFuture: 'is in the future',
    under18: 'makes the borrower younger than 18',
    over100: 'makes the borrower older than 100',
    gender: 'is neither male nor female, the only values the bureaus accept',
    negative: 'is below zero',
    overdueAboveBalance: 'is more than the current balance',
  },
  fixes: {
    name: "Correct the borrower's name as it is written on their national ID.",
    id: "Enter the borrower's national ID number as printed on the card.",
    phone: "Enter the borrower's Safaricom or Airtel number, e.g. 0712345678.",
    dob: "Enter the borrower's date of birth as on their national ID.",
    gender: "Record the borrower's gender as on their national ID.",
    amount: 'Check the loan and its payments with support: the amounts do not add up.',
  },
  // The notice before adverse listing, on the loan's page and statement.
  notice: {
    title: 'Notice before credit bureau listing',
    sent: (at: string, deadline: string) =>
      `The borrower was told on ${at} that unless the loan is paid by ${deadline} it will be reported to the credit reference bureaus as non-performing.`,
    smsStatus: (status: string) => `SMS: ${status}`,
    none: 'No notice before credit bureau listing.',
  },
} as const;

export const crbText = inLanguage('crb', en);
export { en as crbEnglish };
