/**
 * Credit bureau submissions (docs/crb.md): the monthly files of the Kenya Bankers Association's
 * Credit Reference Bureau Data Standards Manual (CIS Kenya) that a lender business sends to the
 * bureaus, the checks every field passes before export, and the answers of the CRB routes.
 * Pure: shared by the server, which builds and checks the files, and the console, which shows
 * them.
 */
import * as v from 'valibot';
import { crbText } from '../i18n/crb';
import { calendarDay, count, idValue, timestamp } from './answers';
import { positiveId } from './lender-profile';

/** A reporting month, YYYY-MM. */
export const crbMonthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export const crbSubmissionStatuses = ['draft', 'submitted'] as const;
export type CrbSubmissionStatus = (typeof crbSubmissionStatuses)[number];

export const crbFileKinds = ['consumer', 'account'] as const;
export type CrbFileKind = (typeof crbFileKinds)[number];

/**
 * The Individual Consumer Information record (manual section C), in the manual's field order.
 * Fields Mkopo does not hold are sent empty, as the manual allows for optional fields.
 */
export const consumerFields = [
  'Surname',
  'Forename 1',
  'Forename 2',
  'Forename 3',
  'Trading As',
  'Date of Birth',
  'Client Number',
  'Account Number',
  'Old Account Number',
  'Gender',
  'Nationality',
  'Marital Status',
  'Primary Identification Document Type',
  'Primary Identification Doc Number',
  'Secondary Identification Document Type',
  'Secondary Identification Document Number',
  'Other Identification Document Type',
  'Other Identification Document Number',
  'Passport Country Code',
  'Mobile Telephone Number',
  'Home Telephone Number',
  'Work Telephone Number',
  'Postal Address 1',
  'Postal Address 2',
  'Postal Location Town',
  'Postal Location Country',
  'Post Code',
  'Physical Address 1',
  'Physical Address 2',
  'Plot Number',
  'Location Town',
  'Location Country',
  'Type of Residency',
  'PIN Number',
  'Consumer E-Mail',
] as const;
export type ConsumerField = (typeof consumerFields)[number];

/**
 * The Account Information record (manual section G), in the manual's field order, preceded by
 * the keys that link it to its consumer record (Client Number, Account Number and the primary
 * identification document).
 */
export const accountFields = [
  'Client Number',
  'Account Number',
  'Primary Identification Document Type',
  'Primary Identification Doc Number',
  'Lenders Registered Name',
  'Lenders Trading Name',
  'Lenders Branch Name',
  'Lenders Branch Code',
  'Account Joint/Single Indicator',
  'Account Product Type',
  'Date Account Opened',
  'Instalment Due Date',
  'Original Amount',
  'Currency of Facility',
  'Current Balance in Kenya Shillings',
  'Current Balance',
  'Overdue Balance',
  'Overdue Date',
  'Number of Days in Arrears',
  'Number of Instalments in Arrears',
  'Prudential Risk Classification',
  'Account Status',
  'Account Status Date',
  'Account Closure Reason',
  'Repayment Period',
  'Deferred Payment Date',
  'Deferred Payment Amount',
  'Payment Frequency',
  'Disbursement Date',
  'Next Instalment Amount',
  'Date of Latest Payment',
  'Last Payment Amount',
  'Type of Security',
] as const;
export type AccountField = (typeof accountFields)[number];

/** The manual's field separator: pipe-delimited records, one per line. */
export const CRB_SEPARATOR = '|';

/** Account Status codes of the manual that Mkopo's loans take. */
export const crbAccountStatus = {
  /** Closed: the loan was repaid in full. */
  closed: 'A',
  /** Write-off: still owed, no longer in the portfolio. */
  writeOff: 'C',
  /** Active: in the outstanding portfolio. */
  active: 'F',
} as const;

/**
 * Prudential Risk Classification (CBK Prudential Guidelines on asset classification):
 * A Normal, B Watch, C Substandard, D Doubtful, E Loss. C, D and E are non-performing.
 */
export const prudentialClasses = ['A', 'B', 'C', 'D', 'E'] as const;
export type PrudentialClass = (typeof prudentialClasses)[number];
export const nonPerformingClasses: readonly PrudentialClass[] = ['C', 'D', 'E'];

/** The class of days in arrears by the CBK bands (0–30, 31–90, 91–180, 181–360, over 360). */
export function prudentialClassOf(daysInArrears: number): PrudentialClass {
  if (daysInArrears <= 30) return 'A';
  if (daysInArrears <= 90) return 'B';
  if (daysInArrears <= 180) return 'C';
  if (daysInArrears <= 360) return 'D';
  return 'E';
}

/**
 * The negative-information threshold of the CRB Regulations 2020 and the Digital Credit
 * Providers Regulations 2022: a balance of KES 1,000 or less is never reported as
 * non-performing. In cents.
 */
export const NEGATIVE_LISTING_THRESHOLD_CENTS = 100_000;

/** Days of notice before a loan is reported non-performing (docs/crb.md). */
export const CRB_NOTICE_DAYS = 30;

// ---- Field checks (run on every record before a file is exported) ----

/** A Kenyan national ID number: digits only, 1 to 8 of them (the manual's rule for code 001). */
export const kenyanIdPattern = /^\d{1,8}$/;
/** A Kenyan mobile number as the manual writes it: country code 254, then 7 or 1, 8 digits. */
export const kenyanMobilePattern = /^254[17]\d{8}$/;
/** Names: letters (any script), spaces, hyphens and apostrophes, as the manual allows. */
export const crbNamePattern = /^[\p{L}][\p{L}' -]*$/u;
export const CRB_NAME_MAX = 50;

/** The problems a field check finds, and the fixes it suggests (texts: src/i18n/crb.ts). */
export const crbProblemKeys = [
  'missing',
  'tooLong',
  'nameCharacters',
  'idFormat',
  'phoneFormat',
  'dateInvalid',
  'dateFuture',
  'under18',
  'over100',
  'gender',
  'negative',
  'overdueAboveBalance',
] as const;
export type CrbProblemKey = (typeof crbProblemKeys)[number];
export const crbFixKeys = ['name', 'id', 'phone', 'dob', 'gender', 'amount'] as const;
export type CrbFixKey = (typeof crbFixKeys)[number];

/**
 * One problem of one field of one borrower's records, and what to do about it: as sentences
 * (English, for the API's readers) and as keys, which the screen words in its own language.
 */
export const crbIssueView = v.object({
  borrowerId: idValue,
  loanId: idValue,
  loanCode: v.string(),
  borrowerName: v.string(),
  field: v.string(),
  value: v.string(),
  problem: v.string(),
  fix: v.string(),
  problemKey: v.picklist(crbProblemKeys),
  fixKey: v.picklist(crbFixKeys),
});
export type CrbIssue = v.InferOutput<typeof crbIssueView>;

/** A submission version as the lists answer it (the files are downloaded on their own). */
export const crbSubmissionView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  businessName: v.string(),
  month: v.string(),
  version: count,
  status: v.picklist(crbSubmissionStatuses),
  /** Loans in the files. */
  accounts: count,
  /** Borrowers in the consumer file. */
  consumers: count,
  /** How many of the accounts are reported non-performing. */
  nonPerforming: count,
  errorCount: count,
  errors: v.array(crbIssueView),
  generatedAt: timestamp,
  generatedByEmail: v.nullable(v.string()),
  submittedAt: v.nullable(timestamp),
  submittedByEmail: v.nullable(v.string()),
});
export type CrbSubmission = v.InferOutput<typeof crbSubmissionView>;

export const crbSubmissionsView = v.array(crbSubmissionView);

/** The notice before adverse listing, as a loan's page and statement show it. */
export const crbNoticeView = v.object({
  id: idValue,
  loanId: idValue,
  noticedAt: timestamp,
  /** The last day to pay before the loan may be reported non-performing (Africa/Nairobi). */
  deadline: calendarDay,
  /** What the borrower owed when notified, in shillings. */
  balance: v.number(),
  smsStatus: v.nullable(v.string()),
});
export type CrbNotice = v.InferOutput<typeof crbNoticeView>;

/** YYYYMMDD, the manual's date format, of a calendar day YYYY-MM-DD. */
export function crbDate(day: string): string {
  return day.replaceAll('-', '');
}

/** The last calendar day of a month YYYY-MM. */
export function lastDayOfMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** A calendar day plus whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from one day to another. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A reporting month as a request gives it. */
const crbMonth = v.pipe(
  v.string(crbText.monthFormat),
  v.regex(crbMonthPattern, crbText.monthFormat),
);

/** What the lender sends to generate a month's submission. */
export const crbGenerateSchema = v.object({
  lenderBusinessId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  month: crbMonth,
});

/** The filters of the submissions list. */
export const crbListQuerySchema = v.object({
  lenderBusinessId: positiveId,
  month: v.optional(crbMonth),
});
