/**
 * Records made offline, as the screens show them until the server confirms them
 * (docs/architecture.md §7): under their negative temporary id, with the status "sending".
 */
import * as v from 'valibot';
import { numberField } from '../domain/lender-profile';
import { normalizeKenyanPhone } from '../domain/phone';
import type { OutboxItem } from './db';

export const PENDING_STATUS = 'sending';

/**
 * A form's choice of a record that may still be in the outbox: a real id, or the negative
 * temporary one replaced by the real id before the item is sent.
 */
export function idOrTempIdField(requiredMessage: string) {
  return v.pipe(
    numberField(requiredMessage),
    v.integer(requiredMessage),
    v.check((id) => id !== 0, requiredMessage),
  );
}

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

/** The text fields of an item's request, multipart or JSON. */
export function fieldsOf(item: OutboxItem): Record<string, unknown> {
  return item.request.form?.fields ?? item.request.json ?? {};
}

/** A request's field as text ('' when absent), as a form or a row shows it. */
export const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

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

export type PendingLoanFile = {
  /** The outbox item's id. */
  id: string;
  /** The borrower's id, negative while the borrower itself is still in the outbox. */
  borrowerId: number;
  description: string;
  files: { field: string; name: string; type: string; sizeBytes: number }[];
  createdAt: string;
};

/** A loan-file upload waiting in the outbox, shown as "Sending" under its borrower. */
export function pendingLoanFileOf(item: OutboxItem): PendingLoanFile | null {
  if (item.kind !== 'loanFile' || !item.request.form) return null;
  const { fields, files } = item.request.form;
  return {
    id: item.id,
    borrowerId: Number(fields.borrowerId),
    description: text(fields.description),
    files: Object.entries(files).map(([field, file]) => ({
      field,
      name: file.name,
      type: file.blob.type,
      sizeBytes: file.blob.size,
    })),
    createdAt: new Date(item.createdAt).toISOString(),
  };
}
