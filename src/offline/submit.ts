/**
 * Online first, then offline (docs/architecture.md §7): a field write is sent at once when the
 * device is online, with an Idempotency-Key; when the network fails (or the device is
 * offline) the same write, with the same key, goes to the outbox and is sent later.
 * A refusal from the server (4xx) is thrown as an ApiError, for the form to show.
 */
import { ApiError } from '../api/client';
import { commonText } from '../i18n/common';
import type { OutboxFile, OutboxItem } from './db';
import { offlineDb } from './db';
import { enqueue, type NewOutboxItem } from './outbox';
import { replaceTempIds, sendRequest } from './sync-engine';
import { apiBaseUrlAbsolute, requestSync, syncSession } from './sync-runtime';
import { markWorkingSetBehind } from './working-set/freshness';

export type Submitted = { kind: 'sent'; answer: unknown } | { kind: 'queued'; item: OutboxItem };

/** A FormData's text fields and files, as the outbox keeps them. */
export function outboxForm(body: FormData): {
  fields: Record<string, string>;
  files: Record<string, OutboxFile>;
} {
  const fields: Record<string, string> = {};
  const files: Record<string, OutboxFile> = {};
  body.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { blob: value, name: value.name };
  });
  return { fields, files };
}

export async function submitOrQueue(input: NewOutboxItem): Promise<Submitted> {
  const id = input.id ?? crypto.randomUUID();
  const session = syncSession();
  const online = typeof navigator === 'undefined' || navigator.onLine;
  const { request, unresolved } = await replaceTempIds(offlineDb, input.request);
  // A record made offline goes after the one it refers to: through the outbox, in order.
  if (online && !unresolved.length && session && session.userId === input.userId) {
    const answer = await sendRequest({ baseUrl: apiBaseUrlAbsolute() }, id, request, session.token);
    if (answer.status >= 200 && answer.status < 300) {
      markWorkingSetBehind();
      return { kind: 'sent', answer: answer.body };
    }
    const transient =
      answer.status === 0 || answer.status === 408 || answer.status === 429 || answer.status >= 500;
    if (!transient) {
      const body = answer.body as { message?: unknown } | undefined;
      const message =
        typeof body?.message === 'string' && body.message ? body.message : commonText.genericError;
      throw new ApiError(message, answer.status, answer.body);
    }
  }
  const item = await enqueue(offlineDb, { ...input, id });
  requestSync();
  return { kind: 'queued', item };
}
