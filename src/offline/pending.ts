/**
 * Records made offline, as the screens show them until the server confirms them
 * (DESIGN.md §7): under their negative temporary id, with the status "sending".
 */
import { normalizeKenyanPhone } from '../domain/phone';
import type { OutboxItem } from './db';

export const PENDING_STATUS = 'sending';

export type PendingBorrower = {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  idNumber: string;
  lenderBusinessId: number;
  lenderBusinessAreaId: number | null;
  status: typeof PENDING_STATUS;
  loanLimit: null;
  createdAt: string;
};

function fieldsOf(item: OutboxItem): Record<string, unknown> {
  return item.request.form?.fields ?? item.request.json ?? {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

/** A borrower registration waiting in the outbox, as a borrower row; null for other items. */
export function pendingBorrowerOf(item: OutboxItem): PendingBorrower | null {
  if (item.kind !== 'borrower' || item.tempId === null) return null;
  const fields = fieldsOf(item);
  const phone = text(fields.phoneNumber);
  const area = Number(fields.lenderBusinessAreaId);
  return {
    id: item.tempId,
    firstName: text(fields.firstName),
    lastName: text(fields.lastName),
    phoneNumber: normalizeKenyanPhone(phone) ?? phone,
    idNumber: text(fields.idNumber),
    lenderBusinessId: item.lenderBusinessId,
    lenderBusinessAreaId: Number.isInteger(area) && area > 0 ? area : null,
    status: PENDING_STATUS,
    loanLimit: null,
    createdAt: new Date(item.createdAt).toISOString(),
  };
}

export type PendingFollowUp = {
  id: number;
  loanId: number;
  comment: string;
  createdAt: string;
  pending: true;
};

/** A follow-up waiting in the outbox, shown as "Sending" under its negative id. */
export function pendingFollowUpOf(item: OutboxItem): PendingFollowUp | null {
  if (item.kind !== 'followUp' || item.tempId === null) return null;
  const fields = fieldsOf(item);
  return {
    id: item.tempId,
    loanId: Number(fields.loanId),
    comment: text(fields.comment),
    createdAt: new Date(item.createdAt).toISOString(),
    pending: true,
  };
}
