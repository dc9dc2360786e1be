/**
 * SMS test helpers: a controllable server clock, the messages of a loan, and a wait for
 * what the outbox sends after an answer.
 */
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { smsMessages } from '../../server/db/schema';
import { inQuietHours } from '../../server/modules/sms/outbox';
import type { Lender } from './fixtures';
import { call, type TestServer } from './test-server';

/** An instant given as a Nairobi day and time: ('2026-11-24', '21:30'). */
export function nairobiTime(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+03:00`);
}

/** The Nairobi calendar day of an instant, shifted by whole days. */
export function nairobiDay(at: Date | string, plusDays = 0): string {
  const time = new Date(at).getTime() + 3 * 3600_000 + plusDays * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** A clock the server reads (AppOptions.now) and the test moves. */
export function testClock(start: Date) {
  let current = start;
  return {
    now: () => current,
    set: (at: Date) => {
      current = at;
    },
  };
}

export type SmsView = {
  id: number;
  kind: string;
  status: string;
  phoneNumber: string;
  body: string;
  language: string;
  providerMessageId: string | null;
  cost: { currency: string; amount: string } | null;
  failureReason: string | null;
};

/** The messages of a loan, oldest first, as its lender sees them. */
export async function messagesOf(
  server: TestServer,
  lender: Lender,
  loanId: number,
): Promise<SmsView[]> {
  const res = await call(server, 'GET', `/loan/${loanId}/messages`, undefined, lender.token);
  if (res.status !== 200) throw new Error(`messages: ${JSON.stringify(res.body)}`);
  return (res.body as SmsView[]).reverse();
}

/**
 * Waits until the server's SMS outbox has nothing left to do now: no message sending, and
 * none queued unless the quiet hours hold it. A write that queues an SMS (a complaint by
 * SMS, a complaint's resolution) has the outbox send it after the answer, and that send
 * writes the message's status, which raises the business's counter like any write: a test
 * that expects nothing more to change waits for it first. Outside Nairobi's quiet hours the
 * message goes at once; inside them it stays queued, so a test passing at night can fail by
 * day without this.
 */
export async function smsSettled(server: TestServer): Promise<void> {
  const quiet = inQuietHours(new Date(), server.config.sms.quietHours);
  const busy = quiet ? (['sending'] as const) : (['queued', 'sending'] as const);
  await expect
    .poll(async () =>
      (
        await server.database.db
          .select({ id: smsMessages.id })
          .from(smsMessages)
          .where(inArray(smsMessages.status, [...busy]))
      ).map((row) => row.id),
    )
    .toEqual([]);
}
