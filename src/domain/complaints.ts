/**
 * The complaints register (the README's "Complaints", docs/complaints.md): its categories,
 * channels and statuses, the deadline a complaint must be resolved by, and the shapes the
 * API takes and answers. Shared by the server and the screens.
 */
import * as v from 'valibot';
import { complaintsText } from '../i18n/complaints';
import { answerWith, count, idValue, timestamp } from './answers';
import { requiredString } from './fields';
import { idField, optionalIdField } from './lender-profile';

/** What a complaint is about: the concerns digital-credit borrowers raise most. */
export const complaintCategories = [
  'charges',
  'repayment_not_credited',
  'debt_collection',
  'data_privacy',
  'disbursement',
  'other',
] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];

/** Where it came from: the borrower's SMS, an agent, or the lender's own team. */
export const complaintChannels = ['sms', 'agent', 'lender'] as const;
export type ComplaintChannel = (typeof complaintChannels)[number];

export const complaintStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/** The statuses still waiting for a resolution: these can be overdue. */
export const unresolvedStatuses = ['open', 'in_progress'] as const satisfies ComplaintStatus[];

/** Which status may follow which. Resolving needs a resolution; a resolved one may reopen. */
export const complaintTransitions: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: ['closed', 'in_progress'],
  closed: [],
};

/**
 * Working days (Monday to Friday, Nairobi calendar) a complaint has to be resolved in: the
 * Kenyan norm for financial complaints (docs/complaints.md says where it comes from). Public
 * holidays are not skipped, so the deadline is never later than the rule's.
 */
export const RESOLUTION_WORKING_DAYS = 7;

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The deadline of a complaint received at `receivedAt`: that many working days later. */
export function complaintDeadline(receivedAt: Date, workingDays = RESOLUTION_WORKING_DAYS): Date {
  let at = receivedAt.getTime();
  let counted = 0;
  while (counted < workingDays) {
    at += DAY_MS;
    const weekday = new Date(at + NAIROBI_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return new Date(at);
}

/** Past its deadline and still not resolved. */
export function isOverdue(
  complaint: { status: ComplaintStatus; dueAt: string | Date },
  now: Date = new Date(),
): boolean {
  return (
    (complaint.status === 'open' || complaint.status === 'in_progress') &&
    new Date(complaint.dueAt).getTime() < now.getTime()
  );
}

export const COMPLAINT_TEXT_MAX = 1000;
const COMPLAINT_TEXT_MIN = 5;

const complaintText = (required: string, tooLong: string) =>
  v.pipe(
    requiredString(required),
    v.trim(),
    v.minLength(COMPLAINT_TEXT_MIN, required),
    v.maxLength(COMPLAINT_TEXT_MAX, tooLong),
  );

/** POST /complaint: an agent or the lender records one (channel follows from who). */
export const complaintSchema = v.object({
  lenderBusinessId: idField(complaintsText.businessRequired),
  borrowerId: optionalIdField(complaintsText.borrowerRequired),
  loanId: optionalIdField(complaintsText.borrowerRequired),
  category: v.picklist(complaintCategories, complaintsText.categoryRequired),
  text: complaintText(complaintsText.textRequired, complaintsText.textTooLong),
});
export type ComplaintInput = v.InferInput<typeof complaintSchema>;

/**
 * PATCH /complaint/{id}: the owner, the category, the status. Resolving needs a resolution:
 * a rule of the complaint's state (the server answers it with a sentence), not of the body.
 */
export const complaintUpdateSchema = v.object({
  ownerUserId: v.optional(v.nullable(idValue)),
  category: v.optional(v.picklist(complaintCategories, complaintsText.categoryRequired)),
  status: v.optional(v.picklist(complaintStatuses, complaintsText.statusFilter)),
  resolution: v.optional(
    complaintText(complaintsText.resolutionRequired, complaintsText.resolutionTooLong),
  ),
});
export type ComplaintUpdate = v.InferInput<typeof complaintUpdateSchema>;

/** GET /complaint: a status, a business, overdue only. */
export const complaintsQuerySchema = v.object({
  status: v.optional(
    v.picklist(complaintStatuses, 'Status is open, in_progress, resolved or closed.'),
  ),
  lenderBusinessId: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, 'Give lenderBusinessId as a number.'),
      v.transform(Number),
    ),
  ),
  overdue: v.optional(v.picklist(['true', 'false'], 'Say overdue=true or false.')),
});

export const complaintView = v.object({
  id: idValue,
  reference: v.string(),
  lenderBusinessId: idValue,
  businessName: v.string(),
  lenderId: idValue,
  borrowerId: v.nullable(idValue),
  borrowerName: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  loanId: v.nullable(idValue),
  loanCode: v.nullable(v.string()),
  channel: v.picklist(complaintChannels),
  category: v.picklist(complaintCategories),
  text: v.string(),
  status: v.picklist(complaintStatuses),
  receivedAt: timestamp,
  dueAt: timestamp,
  overdue: v.boolean(),
  ownerUserId: v.nullable(idValue),
  ownerName: v.nullable(v.string()),
  recordedByUserId: v.nullable(idValue),
  resolution: v.nullable(v.string()),
  resolvedAt: v.nullable(timestamp),
});
export type Complaint = v.InferOutput<typeof complaintView>;

export const complaintEventView = v.object({
  id: idValue,
  action: v.string(),
  actorName: v.nullable(v.string()),
  /** What changed, as text: a status, a category or an owner's id (null: none). */
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  at: timestamp,
});

/** GET /complaint/{id}: the complaint, its history (oldest first) and who may own it. */
export const complaintDetailView = v.object({
  ...complaintView.entries,
  history: v.array(complaintEventView),
  owners: v.array(v.object({ id: idValue, name: v.string() })),
});
export type ComplaintDetail = v.InferOutput<typeof complaintDetailView>;

export const complaintAnswer = answerWith(complaintView);
export type ComplaintAnswer = v.InferOutput<typeof complaintAnswer>;

/** GET /admin/complaints/report: counts by category and status, times to resolve, overdue. */
export const complaintReportView = v.object({
  total: count,
  byCategory: v.array(v.object({ category: v.picklist(complaintCategories), count })),
  byStatus: v.array(v.object({ status: v.picklist(complaintStatuses), count })),
  resolvedCount: count,
  /** Hours from receipt to resolution, over the resolved (and closed) ones; null: none yet. */
  medianHoursToResolve: v.nullable(v.number()),
  meanHoursToResolve: v.nullable(v.number()),
  overdue: count,
  resolvedLate: count,
});
export type ComplaintReport = v.InferOutput<typeof complaintReportView>;

/** The keywords that make an SMS to the platform's number a complaint (English, Kiswahili). */
export const complaintKeywords = ['COMPLAINT', 'MALALAMIKO', 'LALAMIKO'] as const;

/**
 * The complaint in an inbound SMS: the text after a keyword at its start (any letter case),
 * or null when the message does not start with one. A keyword alone is still a complaint.
 */
export function complaintInSms(message: string): string | null {
  const trimmed = message.trim();
  const match = /^([A-Za-z]+)[\s:.,;-]*([\s\S]*)$/.exec(trimmed);
  if (!match) return null;
  const keyword = (match[1] ?? '').toUpperCase();
  if (!complaintKeywords.some((known) => known === keyword)) return null;
  const text = (match[2] ?? '').trim();
  return (text || keyword).slice(0, COMPLAINT_TEXT_MAX);
}

/** The register's filters as the admin console sends them: the lender's too. */
export const complaintsAdminQuerySchema = v.object({
  ...complaintsQuerySchema.entries,
  lenderId: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Give lenderId as a number.'), v.transform(Number)),
  ),
});
