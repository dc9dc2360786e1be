/**
 * The M-Pesa simulator (docs/architecture.md §6): accepts STK pushes and B2C payments like Daraja
 * and, after MPESA_SIM_DELAY_MS, POSTs Daraja-shaped callbacks (Daraja's API reference) to the
 * server's own callback routes, so the real callback path always runs.
 *
 * What it owes is durable: every payment and every callback still to deliver is a row of
 * mpesa_simulator_payments, so after a crash or restart the callbacks still arrive and
 * status queries are still answered. A small loop delivers due callbacks, claiming each
 * row with one conditional UPDATE (FOR UPDATE SKIP LOCKED), so two instances on one
 * database never both deliver it; a callback the server refuses or cannot receive is
 * retried later with a growing pause.
 *
 * Documented test numbers: 254700000001 cancels an STK push (1032); 254700000002 fails
 * a B2C payment (1, insufficient funds); 254700000003 and 254700000004 time a B2C out
 * (the result goes to QueueTimeOutURL) and a transaction status query then finds it
 * completed (…003) or failed (…004); 254700000005 loses a B2C's result and status
 * queries never find it; 254700000006 loses an STK push's callback and the STK push
 * query finds it paid; 254700000007 leaves an STK push unanswered for ever (the query
 * keeps saying it is being processed). Every other valid Kenyan number succeeds.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mpesaSimulatorPayments } from '../db/schema';
import {
  MpesaError,
  type B2cRequest,
  type B2cStatusQuery,
  type CallbackUrls,
  type MpesaGateway,
  type StkPushRequest,
  type StkStatusAnswer,
  type StkStatusQuery,
} from './port';

export const SIMULATOR_STK_CANCEL_NUMBER = '254700000001';
export const SIMULATOR_B2C_FAIL_NUMBER = '254700000002';
export const SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER = '254700000003';
export const SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER = '254700000004';
export const SIMULATOR_B2C_LOST_NUMBER = '254700000005';
export const SIMULATOR_STK_LOST_PAID_NUMBER = '254700000006';
export const SIMULATOR_STK_UNANSWERED_NUMBER = '254700000007';

/** A claimed delivery may take this long before another instance may try it again. */
const DELIVERY_LEASE_MS = 30_000;
/** How long one callback POST may take. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** The loop looks for due callbacks at least this often (retries, other instances). */
const POLL_MS = 2_000;
/** Pauses between attempts at a refused callback: 1 s, 2 s, 4 s … at most a minute. */
const MAX_BACKOFF_MS = 60_000;
/** Callbacks delivered in one run of the loop before it yields. */
const BATCH = 50;

/** What the simulated M-Pesa did with a payment (the row's `payment`). */
type SimulatedStk = {
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
type SimulatedB2c = {
  amount: number;
  phoneNumber: string;
  receipt: string;
  completed: boolean;
  /** Status queries cannot find it. */
  lost?: boolean;
};
type SimulatedStatus = { originatorConversationId: string };

const token = (length: number) =>
  randomBytes(length).toString('hex').toUpperCase().slice(0, length);

/** yyyyMMddHHmmss in Nairobi time (UTC+3, no daylight saving). */
export function nairobiTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export type SimulatorGateway = MpesaGateway & {
  /** Starts delivering (once the server listens): what is due now, then as it falls due. */
  start: () => void;
  /** Stops the loop and waits for a delivery in flight. */
  close: () => Promise<void>;
};

export function simulatorGateway(options: {
  db: Db;
  callbacks: () => CallbackUrls;
  delayMs: number;
  log: FastifyBaseLogger;
}): SimulatorGateway {
  const { db, log } = options;
  const table = mpesaSimulatorPayments;
  const deliverAt = (delayMs: number) => sql`now() + ${delayMs} * interval '1 millisecond'`;

  /**
   * Records a payment and the callback M-Pesa owes for it. Answers false when the
   * reference was already used (Daraja refuses a reused OriginatorConversationID).
   * `callback` null: M-Pesa sent it, and it was lost on the way.
   */
  async function owe(
    kind: 'stk' | 'b2c' | 'status',
    reference: string,
    payment: SimulatedStk | SimulatedB2c | SimulatedStatus,
    callback: { url: string; body: unknown } | null,
  ): Promise<boolean> {
    const [row] = await db
      .insert(table)
      .values({
        kind,
        reference,
        payment,
        callbackUrl: callback?.url ?? '',
        callbackBody: callback?.body ?? {},
        deliverAt: deliverAt(options.delayMs),
        deliveredAt: callback ? null : sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: table.id });
    if (row && callback) wake(options.delayMs);
    return Boolean(row);
  }

  // The delivery loop: one run at a time in this process, woken by a timer.
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let runAgain = false;
  const inFlight = new AbortController();

  function wake(inMs: number) {
    if (!started || closed) return;
    const at = Date.now() + Math.max(0, inMs);
    if (timer && at >= wakeAt) return;
    clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(run, Math.max(0, inMs));
    timer.unref();
  }

  function run() {
    timer = undefined;
    wakeAt = Number.POSITIVE_INFINITY;
    if (closed) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = deliverDue()
      .then(nextDueInMs)
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'M-Pesa simulator delivery failed');
        return POLL_MS;
      })
      .then((nextMs) => {
        running = undefined;
        const again = runAgain;
        runAgain = false;
        wake(again ? 0 : Math.min(nextMs, POLL_MS));
      });
  }

  async function nextDueInMs(): Promise<number> {
    const [next] = await db
      .select({
        ms: sql<number | null>`extract(epoch from (min(${table.deliverAt}) - now())) * 1000`,
      })
      .from(table)
      .where(isNull(table.deliveredAt));
    const ms = next?.ms === null || next?.ms === undefined ? POLL_MS : Number(next.ms);
    return Math.max(0, Math.ceil(ms));
  }

  async function deliverDue(): Promise<void> {
    for (let i = 0; i < BATCH && !closed; i += 1) {
      const due = db
        .select({ id: table.id })
        .from(table)
        .where(and(isNull(table.deliveredAt), lte(table.deliverAt, sql`now()`)))
        .orderBy(table.deliverAt, table.id)
        .limit(1)
        .for('update', { skipLocked: true });
      // The claim: one statement, so only one instance gets the row; the lease keeps
      // the others off it while the POST is in flight.
      const [row] = await db
        .update(table)
        .set({ attempts: sql`${table.attempts} + 1`, deliverAt: deliverAt(DELIVERY_LEASE_MS) })
        .where(inArray(table.id, due))
        .returning();
      if (!row) return;
      const problem = await post(row.callbackUrl, row.callbackBody);
      if (problem === null) {
        await db
          .update(table)
          .set({ deliveredAt: sql`now()` })
          .where(eq(table.id, row.id));
        continue;
      }
      const pauseMs = Math.min(1000 * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      if (!closed)
        log.warn(
          { kind: row.kind, attempts: row.attempts, retryInMs: pauseMs, problem },
          'simulated M-Pesa callback not received; it will be sent again',
        );
      await db
        .update(table)
        .set({ deliverAt: deliverAt(pauseMs) })
        .where(and(eq(table.id, row.id), isNull(table.deliveredAt)));
    }
  }

  /** POSTs one callback; answers null when the server took it, else what went wrong. */
  async function post(url: string, body: unknown): Promise<string | null> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function find<T>(kind: 'stk' | 'b2c', reference: string): Promise<T | undefined> {
    const [row] = await db
      .select({ payment: table.payment })
      .from(table)
      .where(and(eq(table.kind, kind), eq(table.reference, reference)));
    return row?.payment as T | undefined;
  }

  const stkPush = async (request: StkPushRequest) => {
    const merchantRequestId = `${token(5)}-${token(8)}-1`;
    const checkoutRequestId = `ws_CO_${nairobiTimestamp()}${token(10)}`;
    const cancelled = request.phoneNumber === SIMULATOR_STK_CANCEL_NUMBER;
    const payment: SimulatedStk = {
      amount: request.amount,
      phoneNumber: request.phoneNumber,
      receipt: `S${token(9)}`,
      resultCode: cancelled ? 1032 : 0,
      resultDesc: cancelled
        ? 'Request cancelled by user'
        : 'The service request is processed successfully.',
      answersAt: Date.now() + options.delayMs,
      ...(request.phoneNumber === SIMULATOR_STK_UNANSWERED_NUMBER ? { unanswered: true } : {}),
    };
    const stkCallback = cancelled
      ? {
          MerchantRequestID: merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: payment.resultCode,
          ResultDesc: payment.resultDesc,
        }
      : {
          MerchantRequestID: merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: payment.resultCode,
          ResultDesc: payment.resultDesc,
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: request.amount },
              { Name: 'MpesaReceiptNumber', Value: payment.receipt },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: Number(nairobiTimestamp()) },
              { Name: 'PhoneNumber', Value: Number(request.phoneNumber) },
            ],
          },
        };
    const callbackLost =
      payment.unanswered || request.phoneNumber === SIMULATOR_STK_LOST_PAID_NUMBER;
    await owe(
      'stk',
      checkoutRequestId,
      payment,
      callbackLost ? null : { url: options.callbacks().stk, body: { Body: { stkCallback } } },
    );
    return { merchantRequestId, checkoutRequestId };
  };

  const b2c = async (request: B2cRequest) => {
    const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
    const failed = request.phoneNumber === SIMULATOR_B2C_FAIL_NUMBER;
    const receipt = `S${token(9)}`;
    const lost = request.phoneNumber === SIMULATOR_B2C_LOST_NUMBER;
    const timesOut =
      request.phoneNumber === SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER ||
      request.phoneNumber === SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER;
    const payment: SimulatedB2c = {
      receipt,
      amount: request.amount,
      completed: !failed && request.phoneNumber !== SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER,
      phoneNumber: request.phoneNumber,
      ...(lost ? { lost } : {}),
    };
    const urls = options.callbacks();
    const reference = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: urls.b2cTimeout } };
    let callback: { url: string; body: unknown } | null;
    if (lost) {
      callback = null;
    } else if (timesOut) {
      callback = {
        url: urls.b2cTimeout,
        body: {
          Result: {
            ResultType: 1,
            ResultCode: 'SFC_IC0003',
            ResultDesc: 'The request was not processed within the queue time.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
          },
        },
      };
    } else if (failed) {
      callback = {
        url: urls.b2cResult,
        body: {
          Result: {
            ResultType: 0,
            ResultCode: 1,
            ResultDesc: 'The balance is insufficient for the transaction.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
            TransactionID: receipt,
            ReferenceData: reference,
          },
        },
      };
    } else {
      callback = {
        url: urls.b2cResult,
        body: {
          Result: {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
            TransactionID: receipt,
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: request.amount },
                { Key: 'TransactionReceipt', Value: receipt },
                {
                  Key: 'ReceiverPartyPublicName',
                  Value: `${request.phoneNumber} - MKOPO CUSTOMER`,
                },
                {
                  Key: 'TransactionCompletedDateTime',
                  Value: new Date()
                    .toLocaleString('en-GB', { timeZone: 'Africa/Nairobi' })
                    .replace(',', '')
                    .replace(/\//g, '.'),
                },
                { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
                { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
              ],
            },
            ReferenceData: reference,
          },
        },
      };
    }
    if (!(await owe('b2c', request.originatorConversationId, payment, callback))) {
      // As Daraja: a reused OriginatorConversationID is refused, so nothing is paid twice.
      throw new MpesaError(
        'M-Pesa (simulator) refused the B2C payment: Bad Request - Duplicate OriginatorConversationID (400.002.02).',
      );
    }
    return { conversationId, originatorConversationId: request.originatorConversationId };
  };

  const transactionStatus = async (query: B2cStatusQuery) => {
    const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
    const found = await find<SimulatedB2c>('b2c', query.originatorConversationId);
    const payment = found && !found.lost ? found : undefined;
    const common = {
      ResultType: 0,
      OriginatorConversationID: `${token(5)}-${token(8)}-1`,
      ConversationID: conversationId,
      ReferenceData: {
        ReferenceItem: { Key: 'Occasion', Value: query.originatorConversationId },
      },
    };
    const Result = payment
      ? {
          ...common,
          ResultCode: 0,
          ResultDesc: 'The service request has been accepted successfully.',
          TransactionID: payment.receipt,
          ResultParameters: {
            ResultParameter: [
              { Key: 'ReceiptNo', Value: payment.receipt },
              {
                Key: 'TransactionStatus',
                Value: payment.completed ? 'Completed' : 'Failed',
              },
              { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
              { Key: 'Amount', Value: payment.amount },
              { Key: 'FinalisedTime', Value: Number(nairobiTimestamp()) },
              {
                Key: 'CreditPartyName',
                Value: `${payment.phoneNumber} - MKOPO CUSTOMER`,
              },
            ],
          },
        }
      : {
          ...common,
          ResultCode: 'R000002',
          ResultDesc: 'The OriginatorConversationID is invalid.',
        };
    const status: SimulatedStatus = { originatorConversationId: query.originatorConversationId };
    await owe('status', conversationId, status, {
      url: options.callbacks().b2cStatusResult,
      body: { Result },
    });
    return { conversationId };
  };

  const stkStatus = async (query: StkStatusQuery): Promise<StkStatusAnswer> => {
    const payment = await find<SimulatedStk>('stk', query.checkoutRequestId);
    if (!payment) {
      throw new MpesaError(
        'M-Pesa (simulator) refused the STK push query: Bad Request - Invalid CheckoutRequestID (400.002.02).',
      );
    }
    if (payment.unanswered || Date.now() < payment.answersAt) return { pending: true };
    return {
      pending: false,
      resultCode: String(payment.resultCode),
      resultDesc: payment.resultDesc,
    };
  };

  return {
    kind: 'simulator',
    stkPush,
    b2c,
    transactionStatus,
    stkStatus,
    start: () => {
      if (started || closed) return;
      started = true;
      wake(0);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      inFlight.abort();
      await running;
    },
  };
}
