/**
 * The second administrator's approval (maker-checker): at or above the threshold the super
 * admin sets, settling a stuck M-Pesa payment and assigning or refunding an unassigned
 * payment become a proposal another administrator approves or rejects. Shared by the
 * server and the admins' screens.
 */
import * as v from 'valibot';
import { approvalActions, approvalsText } from '../i18n/approvals';
import { amount, idValue, timestamp } from './answers';
import { requiredString } from './fields';

export type ApprovalAction = keyof typeof approvalActions;
export const approvalActionNames = Object.keys(approvalActions) as [
  ApprovalAction,
  ...ApprovalAction[],
];

/** pending → approved (the act was done) | rejected | refused (the act could no longer be done). */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'refused'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** What the act is done on. */
export const approvalSubjects = ['mpesa_request', 'mpesa_repayment'] as const;
export type ApprovalSubject = (typeof approvalSubjects)[number];

/** The highest threshold a super admin can set (far above one M-Pesa payment's KES 250,000). */
export const MAX_THRESHOLD_SHILLINGS = 10_000_000;

/** PUT /admin/settings: whole shillings, or null for "one administrator is always enough". */
export const platformSettingsSchema = v.object({
  secondApprovalFrom: v.nullable(
    v.pipe(
      v.number(approvalsText.thresholdInvalid),
      v.integer(approvalsText.thresholdInvalid),
      v.minValue(0, approvalsText.thresholdInvalid),
      v.maxValue(MAX_THRESHOLD_SHILLINGS, approvalsText.thresholdInvalid),
    ),
  ),
});
export type PlatformSettingsInput = v.InferInput<typeof platformSettingsSchema>;

export const platformSettingsView = v.object({
  secondApprovalFrom: v.nullable(amount),
  updatedBy: v.nullable(v.string()),
  updatedAt: v.nullable(timestamp),
});
export type PlatformSettings = v.InferOutput<typeof platformSettingsView>;

export const REJECT_REASON_MAX_LENGTH = 500;

/** POST /admin/approvals/{id}/reject. */
export const rejectApprovalSchema = v.object({
  reason: v.pipe(
    requiredString(approvalsText.reasonRequired),
    v.trim(),
    v.nonEmpty(approvalsText.reasonRequired),
    v.maxLength(REJECT_REASON_MAX_LENGTH, approvalsText.reasonLong),
  ),
});
export type RejectApprovalInput = v.InferInput<typeof rejectApprovalSchema>;

/** A proposal as the Approvals screen lists it (GET /admin/approvals). */
export const approvalView = v.object({
  id: idValue,
  action: v.picklist(approvalActionNames),
  subjectType: v.picklist(approvalSubjects),
  subjectId: idValue,
  /** The payment in a few words: its M-Pesa receipt, or its purpose and reference. */
  subject: v.string(),
  amount,
  /** What the act carries: the decision's reason and receipt, the business, the phone. */
  reason: v.nullable(v.string()),
  receipt: v.nullable(v.string()),
  businessName: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  status: v.picklist(approvalStatuses),
  proposedBy: v.nullable(v.string()),
  proposedAt: timestamp,
  /** The caller proposed it: they may withdraw it, not approve it. */
  mine: v.boolean(),
});
export type Approval = v.InferOutput<typeof approvalView>;

/** A row (stuck payment, unassigned payment) whose act waits for a second administrator. */
export const waitingApprovalView = v.nullable(
  v.object({
    id: idValue,
    action: v.picklist(approvalActionNames),
    proposedBy: v.nullable(v.string()),
  }),
);
export type WaitingApproval = v.InferOutput<typeof waitingApprovalView>;
