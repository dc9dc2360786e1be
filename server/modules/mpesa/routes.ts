/**
 * M-Pesa callback routes (Daraja's API reference): answered only on the secret path segment; each
 * callback is stored and applied once, and always acknowledged as Daraja expects. B2C
 * payments whose outcome is unknown are settled by transaction status queries: at once
 * after a queue timeout, and by a sweep of overdue ones while jobs run. The sweep, and
 * the start of the server, also recover what a crash left unsent (recovery.ts), and STK
 * pushes whose callback never came are settled by STK push queries.
 */
import { normalizePaybill } from '../../../src/domain/fields';
import * as v from 'valibot';
import { darajaAnswerView } from '../../../src/domain/mpesa-payments';
import { secretParamsSchema, secretSegmentCheck } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import type { RoutesPlugin } from '../deps';
import { markB2cTimedOut, receiveB2cResult } from './b2c';
import { readC2bAmount, receiveC2b } from './c2b';
import { queryB2cStatus, receiveB2cStatus } from './reconciliation';
import { recoverUnsent, RESEND_GRACE_MS, settlePendingPayments } from './recovery';
import { receiveStkCallback } from './stk';

const ACCEPTED: { ResultCode: number | string; ResultDesc: string } = {
  ResultCode: 0,
  ResultDesc: 'Accepted',
};
const B2C_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The callback as Daraja posts it: a JSON object, kept whole (the stores keep it raw);
 * anything else is read as empty. Each flow reads its own fields from it (stk.ts, b2c.ts,
 * reconciliation.ts, c2b.ts) and acknowledges whatever it holds, as Daraja expects.
 */
const callbackSchema = v.fallback(v.looseObject({}), {});
type Callback = v.InferOutput<typeof callbackSchema>;

export const mpesaCallbackRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const checkSecret = secretSegmentCheck(deps.callbackSecret);
  const route = (path: string, handle: (body: Callback) => Promise<typeof ACCEPTED | undefined>) =>
    app.post(
      `/mpesa/callback/:secret/${path}`,
      {
        onRequest: async (request) => checkSecret(request.params.secret),
        schema: {
          hide: true,
          params: secretParamsSchema,
          body: schemaOf(callbackSchema),
          response: { 200: responseOf(darajaAnswerView) },
        },
      },
      async (request, reply) => {
        request.log.info({ mpesa: path }, 'M-Pesa callback');
        const answer = await handle(request.body);
        // A disbursement or repayment may have written notices: they go now it committed.
        void deps.smsOutbox.flush();
        return reply.send(answer ?? ACCEPTED);
      },
    );

  route('stk', async (body) => {
    await receiveStkCallback(db, body);
    return ACCEPTED;
  });

  route('b2c/result', async (body) => {
    await receiveB2cResult(db, body);
    return ACCEPTED;
  });
  route('b2c/timeout', async (body) => {
    const result = body.Result as Record<string, unknown> | undefined;
    if (typeof result?.OriginatorConversationID !== 'string') return ACCEPTED;
    // Unknown outcome (Daraja's API reference): keep it pending and ask M-Pesa how it ended.
    const pendingId = await markB2cTimedOut(db, result.OriginatorConversationID);
    // In the background: a failure (the database gone meanwhile) is logged, never left
    // unhandled (that would end the process); the sweep asks again.
    if (pendingId !== null)
      void queryB2cStatus(db, deps.mpesa, pendingId, app.log).catch((error: unknown) =>
        app.log.error({ err: error }, 'B2C status query failed'),
      );
    return ACCEPTED;
  });
  route('b2c/status/result', async (body) => {
    await receiveB2cStatus(db, body, app.log);
    return ACCEPTED;
  });
  // A status query that timed out settles nothing; the next sweep asks again.
  route('b2c/status/timeout', async () => ACCEPTED);

  // At start, what a crash left unsent; then every few minutes the same, and questions
  // about payments whose result is overdue (lost or timed out).
  if (deps.config.jobsEnabled) {
    let running: Promise<unknown> = Promise.resolve();
    const inBackground = (work: () => Promise<unknown>, what: string) => {
      running = running
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
    };
    app.addHook('onReady', async () => {
      // The embedded database has one process (its lock file): nothing can be in flight.
      const graceMs = deps.database.kind === 'pglite' ? 0 : RESEND_GRACE_MS;
      inBackground(() => recoverUnsent(db, deps.mpesa, app.log, { graceMs }), 'M-Pesa recovery');
    });
    const timer = setInterval(
      () => inBackground(() => settlePendingPayments(db, deps.mpesa, app.log), 'M-Pesa sweep'),
      B2C_SWEEP_INTERVAL_MS,
    );
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  route('c2b/validation', async () => ACCEPTED);
  route('c2b/confirmation', async (body) => {
    // One receipt is one payment whatever its letter case (stored upper-case).
    const transId = typeof body.TransID === 'string' ? body.TransID.trim().toUpperCase() : '';
    // Without a usable TransID it cannot be stored once; M-Pesa's TransIDs are alphanumeric.
    if (!/^[A-Z0-9]{1,64}$/.test(transId))
      return { ResultCode: 'C2B00016', ResultDesc: 'Rejected' };
    // An impossible amount is kept as an anomaly and acknowledged: a refusal or a 500
    // would only make M-Pesa send it again and again.
    const { amount, anomaly } = readC2bAmount(body.TransAmount);
    await receiveC2b(db, deps.config.mpesa.platformShortCode, {
      transId,
      billRefNumber: String(body.BillRefNumber ?? '').trim(),
      // Stored as paybills are (no leading zeros), so the unassigned list finds its owner.
      businessShortCode: normalizePaybill(String(body.BusinessShortCode ?? '').trim()),
      msisdn: typeof body.MSISDN === 'string' ? body.MSISDN : null,
      firstName: typeof body.FirstName === 'string' ? body.FirstName : null,
      amount,
      anomaly,
      transTime: typeof body.TransTime === 'string' ? body.TransTime : null,
      raw: body,
    });
    return { ResultCode: 0, ResultDesc: 'Success' };
  });
};
