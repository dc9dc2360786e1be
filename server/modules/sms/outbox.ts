/**
 * Sends what the outbox (sms_messages) holds, after the transactions that wrote it have
 * committed. Each message is claimed first (queued → sending, in one UPDATE), so two
 * passes or two instances never send one message twice; the provider's answer then marks
 * it sent (with its id and cost) or failed. Nothing leaves in quiet hours, 20:00–07:00
 * Africa/Nairobi: those messages wait, and the first pass from 07:00 (the hourly job, or
 * any later pass) sends them. A send that may have reached the provider is never repeated:
 * a message left "sending" by a crash is marked failed for an administrator to see.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { failpoint } from '../../lib/failpoints';
import { smsMessages } from '../../db/schema';
import { SmsError, type SmsGateway } from '../../sms/port';
import { renderNotice, type RenderContext } from './render';

/** A send that never left (no connection) is tried this often, then failed. */
const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** A message still "sending" after this long was interrupted (a crash). */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;

export type QuietHours = { from: number; until: number };

/** True in the quiet hours in Nairobi (UTC+3 all year), by default 20:00 to 07:00. */
export function inQuietHours(now: Date, quiet: QuietHours = { from: 20, until: 7 }): boolean {
  const hour = (now.getUTCHours() + 3) % 24;
  if (quiet.from === quiet.until) return false;
  return quiet.from > quiet.until
    ? hour >= quiet.from || hour < quiet.until
    : hour >= quiet.from && hour < quiet.until;
}

export type SmsOutbox = {
  /** Sends every due message; concurrent calls share one pass (and ask for another). */
  flush: () => Promise<void>;
  /** The hours nothing leaves, for notices whose dates count from when they can go. */
  quietHours: QuietHours;
};

/** The first instant from `now` on that is outside the quiet hours (now itself when it is). */
export function firstSendableAt(now: Date, quiet: QuietHours): Date {
  let at = now;
  for (let step = 0; step < 24 && inQuietHours(at, quiet); step += 1) {
    // The next whole hour: quiet hours start and end on the hour.
    at = new Date(Math.floor(at.getTime() / 3600_000) * 3600_000 + 3600_000);
  }
  return at;
}

export function smsOutbox(options: {
  db: Db;
  gateway: SmsGateway;
  now: () => Date;
  log: FastifyBaseLogger;
  context: RenderContext;
  quietHours: QuietHours;
}): SmsOutbox {
  const { db, gateway, now, log, context, quietHours } = options;

  /** Sends one claimed message; answers false when the provider could not be reached. */
  async function sendOne(id: number): Promise<boolean> {
    failpoint('sms-before-send');
    const [claimed] = await db
      .update(smsMessages)
      .set({ status: 'sending', attempts: sql`${smsMessages.attempts} + 1`, updatedAt: now() })
      .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
      .returning();
    if (!claimed) return true;
    const body = renderNotice(claimed, context);
    try {
      const result = await gateway.send({ phoneNumber: claimed.phoneNumber, message: body });
      await db
        .update(smsMessages)
        .set(
          result.accepted
            ? {
                status: 'sent',
                body,
                providerMessageId: result.providerMessageId,
                costCurrency: result.cost?.currency ?? null,
                costAmount: result.cost?.amount ?? null,
                sentAt: now(),
                updatedAt: now(),
              }
            : { status: 'failed', body, failureReason: result.reason, updatedAt: now() },
        )
        .where(eq(smsMessages.id, claimed.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const neverLeft = error instanceof SmsError && !error.outcomeUnknown;
      const retry = neverLeft && claimed.attempts < MAX_ATTEMPTS;
      log.warn({ err: error, sms: claimed.id, retry }, 'SMS could not be sent');
      await db
        .update(smsMessages)
        .set({
          status: retry ? 'queued' : 'failed',
          body,
          failureReason: neverLeft ? reason : `${reason} It may or may not have been delivered.`,
          updatedAt: now(),
        })
        .where(eq(smsMessages.id, claimed.id));
      return !retry;
    }
  }

  async function pass(): Promise<void> {
    if (inQuietHours(now(), quietHours)) return;
    let afterId = 0;
    for (;;) {
      const due = await db
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(and(eq(smsMessages.status, 'queued'), sql`${smsMessages.id} > ${afterId}`))
        .orderBy(asc(smsMessages.id))
        .limit(BATCH);
      if (!due.length) return;
      for (const { id } of due) {
        // A long pass that reaches 20:00 stops there: the rest waits for the morning.
        if (inQuietHours(now(), quietHours)) return;
        afterId = id;
        // The provider cannot be reached: the rest waits for the next pass.
        if (!(await sendOne(id))) return;
      }
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  return {
    quietHours,
    flush() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await pass().catch((error: unknown) => log.error({ err: error }, 'SMS pass failed'));
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

/**
 * Messages a crash left "sending": they may have reached the provider, so they are not
 * sent again (that could double a notice) but marked failed, with the reason.
 */
export async function failInterrupted(db: Db, now: Date, olderThanMs: number): Promise<number> {
  const rows = await db
    .update(smsMessages)
    .set({
      status: 'failed',
      failureReason:
        'Sending was interrupted (the server stopped); it may or may not have been delivered.',
      updatedAt: now,
    })
    .where(
      and(
        eq(smsMessages.status, 'sending'),
        lt(smsMessages.updatedAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .returning({ id: smsMessages.id });
  return rows.length;
}
