/**
 * The M-Pesa simulator's durable state: every payment it made and every callback it still
 * owes is a row of mpesa_simulator_payments, so after a crash or restart the callbacks still
 * arrive and status queries are still answered. Also the test numbers that make it fail,
 * time out or lose a payment, and the ids and timestamps it makes up as Daraja would.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mpesaSimulatorPayments } from '../../db/schema';

export const SIMULATOR_STK_CANCEL_NUMBER = '254700000001';
export const SIMULATOR_B2C_FAIL_NUMBER = '254700000002';
export const SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER = '254700000003';
export const SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER = '254700000004';
export const SIMULATOR_B2C_LOST_NUMBER = '254700000005';
export const SIMULATOR_STK_LOST_PAID_NUMBER = '254700000006';
export const SIMULATOR_STK_UNANSWERED_NUMBER = '254700000007';

/** What the simulated M-Pesa did with a payment (the row's `payment`). */
export type SimulatedStk = {
  amount: number;
  phoneNumber: string;
  receipt: string;
  resultCode: number;
  resultDesc: string;
  /** When the payer answers the prompt (epoch ms): until then a push query says "being processed". */
  answersAt: number;
  /** The payer never answers the prompt. */
  unanswered?: boolean;
};
export type SimulatedB2c = {
  amount: number;
  phoneNumber: string;
  receipt: string;
  completed: boolean;
  /** Status queries cannot find it. */
  lost?: boolean;
};
export type SimulatedStatus = { originatorConversationId: string };

/** A callback the simulator owes: where it goes and what it says. */
export type OwedCallback = { url: string; body: unknown };

export const token = (length: number) =>
  randomBytes(length).toString('hex').toUpperCase().slice(0, length);

/** yyyyMMddHHmmss in Nairobi time (UTC+3, no daylight saving). */
export function nairobiTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The database's clock plus `delayMs`: when a callback falls due. */
export const deliverAt = (delayMs: number) => sql`now() + ${delayMs} * interval '1 millisecond'`;

export type SimulatorStore = {
  /**
   * Records a payment and the callback M-Pesa owes for it. Answers false when the
   * reference was already used (Daraja refuses a reused OriginatorConversationID).
   * `callback` null: M-Pesa sent it, and it was lost on the way.
   */
  owe: (
    kind: 'stk' | 'b2c' | 'status',
    reference: string,
    payment: SimulatedStk | SimulatedB2c | SimulatedStatus,
    callback: OwedCallback | null,
  ) => Promise<boolean>;
  /** The payment recorded under a reference, if any. */
  find: <T>(kind: 'stk' | 'b2c', reference: string) => Promise<T | undefined>;
};

/**
 * The store: callbacks fall due `delayMs` after they are owed, and `owed` hears of each new
 * one (the delivery loop wakes for it).
 */
export function simulatorStore(
  db: Db,
  delayMs: number,
  owed: (inMs: number) => void,
): SimulatorStore {
  const table = mpesaSimulatorPayments;
  return {
    async owe(kind, reference, payment, callback) {
      const [row] = await db
        .insert(table)
        .values({
          kind,
          reference,
          payment,
          callbackUrl: callback?.url ?? '',
          callbackBody: callback?.body ?? {},
          deliverAt: deliverAt(delayMs),
          deliveredAt: callback ? null : sql`now()`,
        })
        .onConflictDoNothing()
        .returning({ id: table.id });
      if (row && callback) owed(delayMs);
      return Boolean(row);
    },
    async find<T>(kind: 'stk' | 'b2c', reference: string) {
      const [row] = await db
        .select({ payment: table.payment })
        .from(table)
        .where(and(eq(table.kind, kind), eq(table.reference, reference)));
      return row?.payment as T | undefined;
    },
  };
}
