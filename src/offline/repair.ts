/**
 * Repairing an item the server refused (docs/architecture.md §7): the Outbox screen opens
 * the form the item was first made with, prefilled from its request, and the form hands
 * back the corrected request. The item keeps its id (the Idempotency-Key), its place in
 * the order and its temporary id; only its request changes (retryItem). Each feature
 * owns the repair form of the kinds it queues, and src/app gives them to the Outbox
 * screen, since a feature never imports another.
 */
import type { ComponentType } from 'react';
import type { OfflineDb, OutboxFile, OutboxItem, OutboxKind, OutboxRequest } from './db';
import { fieldsOf, text } from './pending';
import { replaceTempIds } from './sync-engine';

export type OutboxRepairProps = {
  /** The parked item, its request as requestToRepair reads it. */
  item: OutboxItem;
  onCancel: () => void;
  /** The corrected request, to send again. */
  onSave: (request: OutboxRequest) => void;
};

/** The repair form of each kind of item. */
export type OutboxRepairForms = Record<OutboxKind, ComponentType<OutboxRepairProps>>;

/** A field of the item's request as a form's input holds it: text, '' when absent. */
export function fieldText(item: OutboxItem, name: string): string {
  return text(fieldsOf(item)[name]);
}

/** A file kept with the item, as a file input holds it; null when the item has none. */
export function keptFile(item: OutboxItem, name: string): File | null {
  const kept: OutboxFile | undefined = item.request.form?.files[name];
  if (!kept) return null;
  return kept.blob instanceof File && kept.blob.name === kept.name
    ? kept.blob
    : new File([kept.blob], kept.name, { type: kept.blob.type });
}

/**
 * The request as its repair form starts from it. A record made offline that the server
 * has confirmed since (a borrower's temporary id) reads as its real id, as the sync
 * engine would send it; one discarded from the outbox is left empty, so the form asks
 * for another instead of sending the item to be refused again.
 */
export async function requestToRepair(
  db: OfflineDb,
  request: OutboxRequest,
): Promise<OutboxRequest> {
  const { request: resolved, unresolved } = await replaceTempIds(db, request);
  if (!unresolved.length) return resolved;
  const queued = await db.outbox.where('tempId').anyOf(unresolved).toArray();
  const gone = (value: unknown) =>
    unresolved.includes(Number(value)) && !queued.some((item) => item.tempId === Number(value));
  const json = resolved.json ? { ...resolved.json } : undefined;
  const fields = resolved.form ? { ...resolved.form.fields } : undefined;
  for (const ref of resolved.refs ?? []) {
    if (json && gone(json[ref])) json[ref] = '';
    if (fields && gone(fields[ref])) fields[ref] = '';
  }
  return {
    ...resolved,
    ...(json ? { json } : {}),
    ...(resolved.form && fields ? { form: { ...resolved.form, fields } } : {}),
  };
}
