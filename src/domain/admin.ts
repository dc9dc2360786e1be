/**
 * Answers of the administrators' endpoints, as the API sends them: health, readiness and
 * the jobs run on demand (only the server reads those), an administrator's profile and
 * the audit log (the admin screens read those, with `import type`).
 */
import * as v from 'valibot';
import { jobsText } from '../i18n/jobs';
import { calendarDay, freeForm, idValue, pageOf, timestamp } from './answers';
import { roles } from './roles';

/** GET /health (200 and 503): the server and its database. */
export const healthView = v.object({ status: v.string(), db: v.string() });

/** GET /health/ready (200 and 503): the database and the file storage. */
export const readinessView = v.object({
  status: v.string(),
  db: v.string(),
  storage: v.string(),
});

/** POST /admin/jobs/mpesa-status: how many payments the sweep touched. */
export const paymentSweepView = v.object({
  resent: idValue,
  neverSent: idValue,
  stkQueried: idValue,
  queried: idValue,
});

/** POST /admin/jobs/fines: the day run and what it drew. */
export const finesRunView = v.object({
  day: calendarDay,
  loansChecked: idValue,
  finesDrawn: idValue,
  defaulted: idValue,
});

/** POST /admin/jobs/sms: the day run and the messages it wrote. */
export const smsRunView = v.object({
  day: calendarDay,
  loansChecked: idValue,
  reminders: idValue,
  overdue: idValue,
  /** Notices before adverse listing written (docs/crb.md). */
  crbNotices: idValue,
  interrupted: idValue,
});

/** GET /admin/{id}: an administrator's profile. */
export const adminProfileView = v.object({
  id: idValue,
  name: v.string(),
  email: v.string(),
  role: v.picklist(roles),
});
export type AdminProfile = v.InferOutput<typeof adminProfileView>;

/** PUT /admin/{id}: the saved profile, with the sentence confirming it. */
export const adminProfileSavedView = v.object({ ...adminProfileView.entries, message: v.string() });

/** One administrator's action in the audit log (Recent Activity). */
export const auditEntryView = v.object({
  id: idValue,
  /** "lender.approve", "lender.block"… */
  action: v.string(),
  subjectType: v.nullable(v.string()),
  subjectId: v.nullable(idValue),
  /** A lender's email, or the name the entry kept (a region, a business type, an admin). */
  subjectEmail: v.nullable(v.string()),
  /** What the action recorded: a lender's status change (from, to) and its reason, and more. */
  details: v.nullable(
    freeForm({
      from: v.optional(v.string()),
      to: v.optional(v.string()),
      reason: v.optional(v.string()),
      /** An act done by two administrators: who proposed it, who approved or rejected it. */
      proposedBy: v.optional(v.nullable(v.string())),
      approvedBy: v.optional(v.string()),
      rejectedBy: v.optional(v.string()),
    }),
  ),
  at: timestamp,
  actorEmail: v.nullable(v.string()),
});
export type AuditEntry = v.InferOutput<typeof auditEntryView>;

/** GET /admin/audit-logs: a page of the log, newest first, and how many entries there are. */
export const auditPageView = pageOf(auditEntryView);
export type AuditPage = v.InferOutput<typeof auditPageView>;

/** What an admin may send to the M-Pesa status sweep. */
export const paymentSweepSchema = v.object({
  olderThanMinutes: v.optional(
    v.pipe(
      v.number(jobsText.minutesWhole),
      v.integer(jobsText.minutesWhole),
      v.minValue(0, jobsText.minutesRange),
      v.maxValue(1440, jobsText.minutesRange),
    ),
  ),
});
