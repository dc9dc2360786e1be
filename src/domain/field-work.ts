/**
 * Field work (follow-ups of overdue loans, and loan files): how overdue a loan is, and the
 * follow-up and loan-file schemas the
 * agent's forms and the server validate with.
 */
import * as v from 'valibot';
import { fieldWorkText } from '../i18n/field-work';
import { commonText } from '../i18n/common';
import { amount, answerWith, count, idValue, timestamp } from './answers';
import { listPageQuerySchema, requiredString, wholeNumberText } from './fields';
import { idField, MAX_ID, optionalIdField } from './lender-profile';
import { daysOverdue as daysOverdueSince, OVERDUE_BADGE_DAYS } from './loan-terms';
import { loanBorrowerIdentity, loanStatuses, owingLoanStatuses } from './loans';

const DAY_MS = 86_400_000;

/**
 * Whole days (rounded up) since the due date, floored at 0 (docs/architecture.md §4, the loan
 * arithmetic's daysOverdue); 0 for a loan without a due date (not disbursed yet).
 */
export function daysOverdue(dueDate: DueDate, now: Date = new Date()): number {
  const due = timeOf(dueDate);
  return due === null ? 0 : daysOverdueSince(new Date(due), now);
}

/** Whole days (rounded up) until the due date; 0 once it has come, or without one. */
export function daysUntilDue(dueDate: DueDate, now: Date = new Date()): number {
  const due = timeOf(dueDate);
  return due === null ? 0 : Math.max(0, Math.ceil((due - now.getTime()) / DAY_MS));
}

type DueDate = Date | string | null | undefined;

function timeOf(dueDate: DueDate): number | null {
  if (dueDate === null || dueDate === undefined || dueDate === '') return null;
  const time = dueDate instanceof Date ? dueDate.getTime() : Date.parse(dueDate);
  return Number.isNaN(time) ? null : time;
}

/** Days overdue above OVERDUE_BADGE_DAYS are badged destructive. */
export function isSeriouslyOverdue(days: number): boolean {
  return days > OVERDUE_BADGE_DAYS;
}

/** Loans an agent follows up: disbursed and not yet repaid or written off. */
export const followUpLoanStatuses = owingLoanStatuses;

const FOLLOW_UP_MIN_LENGTH = 5;
export const FOLLOW_UP_MAX_LENGTH = 2000;

const followUpComment = v.pipe(
  requiredString(fieldWorkText.commentTooShort),
  v.trim(),
  v.minLength(FOLLOW_UP_MIN_LENGTH, fieldWorkText.commentTooShort),
  v.maxLength(FOLLOW_UP_MAX_LENGTH, fieldWorkText.commentTooLong),
);

export const followUpSchema = v.object({
  loanId: idField(fieldWorkText.loanRequired),
  comment: followUpComment,
});
export type FollowUpInput = v.InferInput<typeof followUpSchema>;

/** GET /loan/active-for-follow-up: optionally one business's loans only. */
export const activeForFollowUpQuerySchema = v.object({
  lenderBusinessId: v.optional(wholeNumberText(1, MAX_ID, commonText.notFound)),
  ...listPageQuerySchema.entries,
});

export const loanAgreementForLoanSchema = v.object({
  borrowerId: idField(fieldWorkText.borrowerRequired),
});

export const LOAN_FILE_DESCRIPTION_MAX_LENGTH = 1000;

/** The text fields of POST /loan-agreement-uploads/files. */
export const loanFileUploadSchema = v.object({
  description: v.pipe(
    requiredString(fieldWorkText.descriptionRequired),
    v.trim(),
    v.nonEmpty(fieldWorkText.descriptionRequired),
    v.maxLength(LOAN_FILE_DESCRIPTION_MAX_LENGTH, fieldWorkText.descriptionTooLong),
  ),
  borrowerId: idField(fieldWorkText.borrowerRequired),
  // An optional id sent as multipart text: missing or empty is none.
  loanAgreement: optionalIdField(fieldWorkText.agreementNotFound),
});

/** The multipart file fields, spelt as clients send them, and the kind each file is stored as. */
export const loanFileFields = {
  loanAgreementfilesorImage: 'loanAgreement',
  otherImage: 'other',
} as const;
export type LoanFileField = keyof typeof loanFileFields;
export type LoanFileKind = (typeof loanFileFields)[LoanFileField];

/**
 * Each input is optional, but an upload must carry at least one file: a description with
 * nothing to describe would be stored nowhere.
 */
export function loanFilesError(present: Record<LoanFileField, boolean>): string | null {
  return present.loanAgreementfilesorImage || present.otherImage
    ? null
    : fieldWorkText.fileRequired;
}

/** A loan file: the signed loan agreement, or another document about the loan. */
export const loanFileKinds = ['loanAgreement', 'other'] as const;

/**
 * A loan an agent follows up (GET /loan/active-for-follow-up): the loan with its
 * borrower, business and plan, how overdue it is, and its follow-ups so far.
 */
export const followUpLoanView = v.object({
  id: idValue,
  loanCode: v.string(),
  /** Active or default (followUpLoanStatuses). */
  status: v.picklist(loanStatuses),
  principalAmount: amount,
  outstandingAmount: amount,
  disbursementDate: v.nullable(timestamp),
  dueDate: v.nullable(timestamp),
  /** As the server counted it; the screens count again from dueDate. */
  daysOverdue: idValue,
  lenderBusinessId: idValue,
  lenderBusiness: v.object({ id: idValue, businessName: v.string() }),
  borrower: v.object(loanBorrowerIdentity),
  lenderLoanPlan: v.object({ name: v.string(), durationInDays: idValue }),
  lastFollowUpAt: v.nullable(timestamp),
  followUpCount: count,
});
export type FollowUpLoan = v.InferOutput<typeof followUpLoanView>;

/** A follow-up with its author's name (GET /follow-up/loan/{loanId}, POST /follow-up). */
export const followUpView = v.object({
  /** On the client, negative while the follow-up waits in the outbox (shown as Sending). */
  id: idValue,
  comment: v.string(),
  createdAt: timestamp,
  loanId: idValue,
  agent: v.object({ firstName: v.string(), lastName: v.string() }),
});
export type FollowUp = v.InferOutput<typeof followUpView>;

/** POST /follow-up answers 201 { message, data: the follow-up }. */
export const followUpAnswer = answerWith(followUpView);
export type FollowUpAnswer = v.InferOutput<typeof followUpAnswer>;

/** A loan agreement (a borrower's folder of loan files), as POST /loan-agreement/for-loan answers it. */
export const loanAgreementView = v.object({
  id: idValue,
  borrowerId: idValue,
  lenderBusinessId: idValue,
  createdByUserId: v.nullable(idValue),
  createdAt: timestamp,
});

/** POST /loan-agreement/for-loan answers 201 { id, message, data: the agreement }. */
export const loanAgreementCreatedAnswer = v.object({
  id: idValue,
  message: v.string(),
  data: loanAgreementView,
});

/** A loan file; its storageKey opens it through GET /auth/lender/presigned-url. */
export const loanFileView = v.object({
  id: idValue,
  kind: v.picklist(loanFileKinds),
  description: v.string(),
  createdAt: timestamp,
  storageKey: v.string(),
  contentType: v.string(),
  sizeBytes: idValue,
  fileName: v.nullable(v.string()),
});
export type LoanFile = v.InferOutput<typeof loanFileView>;

/** An agreement with its files, newest first (GET /loan-agreement/borrower/{borrowerId}). */
export const loanAgreementFilesView = v.object({
  ...loanAgreementView.entries,
  loanAgreementId: idValue,
  /** The newest upload's description; null while the agreement has no files. */
  description: v.nullable(v.string()),
  files: v.array(loanFileView),
});
export type LoanAgreement = v.InferOutput<typeof loanAgreementFilesView>;

/** POST /loan-agreement-uploads/files answers 201 { message, data: the agreement with this upload's files }. */
export const loanFilesAnswer = answerWith(loanAgreementFilesView);
export type LoanFilesAnswer = v.InferOutput<typeof loanFilesAnswer>;
