/**
 * Texts of the agent's field work (the spec's "Follow-ups list", "Loan follow-up
 * page", "Borrower file upload", "Validation rules", "Error catalogue"): following up overdue loans and keeping loan
 * files. The misspelt texts are part of the contract.
 */
import { inLanguage, type Catalogue } from './language';

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

const swFieldWork: Catalogue<typeof enFieldWork> = {
  commentTooShort: 'Maoni yawe na angalau herufi 5',
  commentTooLong: 'Maoni yasizidi herufi 2000',
  loanRequired: 'Chagua mkopo ambao ufuatiliaji huu unahusu.',
  descriptionRequired: 'Ongeza maelezo au maoni yanayoweza kutolewa',
  descriptionTooLong: 'Maelezo yasizidi herufi 1000',
  borrowerRequired: 'Mkopaji anahitajika',
  fileRequired: 'Chagua faili ya mkataba wa mkopo au faili nyingine ya kupakia.',
  agreementNotFound: 'Mkataba wa mkopo haukupatikana.',
  followUpCreated: 'Ufuatiliaji umehifadhiwa',
  agreementCreated: 'Mkataba wa mkopo umeundwa',
  filesUploaded: 'Faili za mkopo zimepakiwa',
};

export const fieldWorkText = inLanguage({ en: enFieldWork, sw: swFieldWork });
export const fieldWorkCatalogue = { en: enFieldWork, sw: swFieldWork };

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

const swFollowUps: Catalogue<typeof enFollowUps> = {
  title: 'Ufuatiliaji',
  subtitle:
    'Mikopo hai na iliyoshindwa kulipwa ya biashara zako, iliyochelewa zaidi kwanza. Fungua mmoja kurekodi alichosema mkopaji.',
  searchLabel: 'Tafuta kwa jina la mkopaji au simu',
  searchPlaceholder: 'Jina au nambari ya simu',
  businessLabel: 'Biashara',
  allBusinesses: 'Biashara Zote',
  refresh: 'Onyesha upya',
  loadFailed: 'Imeshindikana kupakia mikopo hai. Tafadhali jaribu tena.',
  empty: 'Hakuna mikopo hai ya kufuatilia. Mikopo huonekana hapa ikishatolewa.',
  noMatches: 'Hakuna mkopo unaolingana na utafutaji huu au biashara hii.',
  showMore: (count: number) => `Onyesha zaidi (${count} zaidi)`,
  columns: {
    borrower: 'Mkopaji',
    phone: 'Simu',
    business: 'Biashara',
    outstanding: 'Salio Linalodaiwa',
    lastFollowUp: 'Ufuatiliaji wa Mwisho',
    daysOverdue: 'Siku za Kuchelewa',
    status: 'Hali',
  },
  days: (count: number) => (count === 1 ? 'siku 1' : `siku ${count}`),
  notOverdue: 'Haijachelewa',
  overdueFor: (days: string) => `imechelewa ${days}`,
  lastFollowUpOn: (date: string) => `Ufuatiliaji wa mwisho ${date}`,
  noFollowUpYet: 'Bado hakuna ufuatiliaji',
  back: 'Rudi kwa Ufuatiliaji',
  loanDetailsFailed: 'Imeshindikana kupakia maelezo ya mkopo. Tafadhali jaribu tena.',
  notFoundTitle: 'Mkopo Haukupatikana',
  notFoundText: 'Mkopo ulioombwa haukupatikana au huna ruhusa ya kuuona.',
  borrowerInfo: 'Taarifa za Mkopaji',
  loanDetails: 'Maelezo ya Mkopo',
  dueDateTitle: 'Tarehe ya Mwisho ya Kulipa',
  dueIn: (days: string) => `Inadaiwa baada ya ${days}`,
  dueToday: 'Inadaiwa leo',
  history: 'Historia ya Ufuatiliaji',
  historyCount: (count: number) => (count === 1 ? 'ufuatiliaji 1' : `ufuatiliaji ${count}`),
  noHistory:
    'Bado hakuna ufuatiliaji. Mpigie au mtembelee mkopaji, kisha urekodi mlichokubaliana kwa Rekodi Ufuatiliaji.',
  by: (name: string) => `na ${name}`,
  sending: 'Inatumwa',
  labels: {
    name: 'Jina',
    phone: 'Nambari ya Simu',
    idNumber: 'Nambari ya Kitambulisho',
    loanCode: 'Nambari ya Mkopo',
    status: 'Hali',
    business: 'Biashara',
    plan: 'Mpango wa Mkopo',
    principal: 'Kiasi cha Mkopo',
    outstanding: 'Salio Linalodaiwa',
    disbursementDate: 'Tarehe ya Kutolewa',
  },
  planOf: (name: string, days: string) => `${name} (${days})`,
  callBorrower: (name: string) => `Mpigie ${name}`,
  create: 'Rekodi Ufuatiliaji',
  outboxLabel: (loanCode: string) => `Ufuatiliaji wa ${loanCode}`,
  creating: 'Inahifadhi...',
  cancel: 'Ghairi',
  commentLabel: 'Maoni',
  commentPlaceholder: 'Mkopaji alisema nini? Atalipa lini?',
  commentHint: 'Angalau herufi 5.',
  createFailed: 'Imeshindikana kuhifadhi ufuatiliaji. Tafadhali jaribu tena.',
};

export const followUpsText = inLanguage({ en: enFollowUps, sw: swFollowUps });
export const followUpsCatalogue = { en: enFollowUps, sw: swFollowUps };

/** The loan files page (the spec's "Borrower file upload (loan files)"). */
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

const swLoanFiles: Catalogue<typeof enLoanFiles> = {
  outboxLabel: (borrower: string) => `Faili za mkopo za ${borrower}`,
  title: 'Faili za Mkopo',
  subtitle: (businessName: string) =>
    `Pakia mkataba wa mkopo uliosainiwa na mkopaji na nyaraka nyingine za ${businessName}.`,
  subtitleNoBusiness: 'Chagua biashara kupakia faili za mkopo za wakopaji wake.',
  chooseBusinessText:
    'Faili za mkopo ni za mkopaji wa biashara ya mkopeshaji. Chagua biashara unayoifanyia kazi leo.',
  formTitle: 'Pakia faili za mkopo',
  descriptionLabel: 'Maelezo',
  descriptionPlaceholder: 'mfano Mkataba uliosainiwa wa mkopo wa siku 30, mbele ya chifu',
  borrowerLabel: 'Mkopaji',
  borrowerPlaceholder: 'Tafuta kwa jina, simu au nambari ya kitambulisho',
  borrowersLoading: 'Inapakia wakopaji...',
  borrowersFailed: 'Wakopaji hawakuweza kupakiwa.',
  noBorrowers: 'Bado hakuna wakopaji katika biashara hii. Msajili mkopaji kwanza.',
  noBorrowerMatches: 'Hakuna mkopaji anayelingana na utafutaji huu.',
  borrowerOption: (name: string, phone: string) => `${name} · ${phone}`,
  borrowerOptionPending: (name: string, phone: string) => `${name} · ${phone} · Inatumwa`,
  loanFileLabel: 'Faili ya mkataba wa mkopo',
  otherFileLabel: 'Faili nyingine',
  submit: 'Pakia Faili',
  submitting: 'Inapakia...',
  uploadedTitle: 'Faili zilizopakiwa',
  uploadedOf: (name: string) => `Faili zilizopakiwa za ${name}`,
  chooseBorrower: 'Chagua mkopaji hapo juu kuona faili zilizopakiwa zake.',
  noFiles: 'Bado hakuna faili zilizopakiwa za mkopaji huyu.',
  filesFailed: 'Faili zilizopakiwa hazikuweza kupakiwa.',
  filesOffline: 'Faili zilizopakiwa awali zitaonekana hapa simu ikirudi mtandaoni.',
  filesOfflineBelowPending:
    'Faili zilizo hapo juu zimehifadhiwa kwenye simu hii. Faili zilizopakiwa awali zitaonekana hapa simu ikirudi mtandaoni.',
  pendingUpload: 'Imehifadhiwa kwenye simu hii',
  retry: 'Jaribu tena',
  agreementNumber: (id: number) => `Mkataba wa mkopo #${id}`,
  noFilesInAgreement: 'Bado hakuna faili katika mkataba huu.',
  kinds: { loanAgreement: 'Mkataba wa mkopo', other: 'Faili nyingine' },
  open: 'Fungua',
  openFile: (name: string) => `Fungua ${name}`,
  linkUnavailable: 'Hakiki haipatikani',
};

export const loanFilesText = inLanguage({ en: enLoanFiles, sw: swLoanFiles });
export const loanFilesCatalogue = { en: enLoanFiles, sw: swLoanFiles };
