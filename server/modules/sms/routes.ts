/**
 * SMS routes (the README's "Money and M-Pesa"): Africa's Talking's delivery reports on a secret
 * path segment; the messages of a loan for its lender; every message for administrators, with
 * filters; and the borrower's choices (reminders opted out, with the time; the language of the
 * notices), set by the lender or an agent of the business.
 */
import * as v from 'valibot';
import { complaintInSms } from '../../../src/domain/complaints';
import { normalizeKenyanPhone } from '../../../src/domain/phone';
import { adminRoles } from '../../../src/domain/roles';
import { deliveryReportAnswer } from '../../../src/domain/sms';
import { smsRoutesText } from '../../../src/i18n/sms';
import { idParamsSchema, secretParamsSchema, secretSegmentCheck } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { registerSmsComplaint } from '../complaints/service';
import type { RoutesPlugin } from '../deps';
import type { RenderContext } from './render';
import {
  adminMessages,
  loanMessages,
  receiveDeliveryReport,
  setSmsLanguage,
  setSmsReminders,
} from './service';
import { contract } from '../../lib/contract';

/**
 * Africa's Talking's delivery report (form-encoded): the message's id, its status and why
 * it failed. Whatever else it holds, or a field that is not text, is read as absent, and
 * the report is acknowledged all the same.
 */
const deliveryReportSchema = v.fallback(
  v.looseObject({
    id: v.fallback(v.string(), ''),
    status: v.fallback(v.string(), ''),
    failureReason: v.fallback(v.optional(v.string()), undefined),
  }),
  { id: '', status: '' },
);

/**
 * Africa's Talking's incoming message (form-encoded): from, to, text, date, id, linkId. Like
 * the delivery report, anything else or a field that is not text reads as absent.
 */
const inboundSmsSchema = v.fallback(
  v.looseObject({
    from: v.fallback(v.string(), ''),
    to: v.fallback(v.string(), ''),
    text: v.fallback(v.string(), ''),
    date: v.fallback(v.string(), ''),
    id: v.fallback(v.string(), ''),
    linkId: v.fallback(v.optional(v.string()), undefined),
  }),
  { from: '', to: '', text: '', date: '', id: '' },
);

export const smsRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const context: RenderContext = { platformShortCode: deps.config.mpesa.platformShortCode };

  // Africa's Talking posts delivery reports form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const checkSecret = secretSegmentCheck(deps.smsCallbackSecret);
  app.post(
    '/sms/callback/:secret/delivery',
    {
      onRequest: async (request) => checkSecret(request.params.secret),
      schema: {
        hide: true,
        params: secretParamsSchema,
        body: schemaOf(deliveryReportSchema),
        response: { 200: responseOf(deliveryReportAnswer) },
      },
    },
    async (request) => {
      const { id, status, failureReason } = request.body;
      request.log.info({ sms: { id, status } }, 'SMS delivery report');
      if (id && status) {
        await receiveDeliveryReport(db, { id, status, failureReason }, deps.now());
      }
      return { received: true as const };
    },
  );

  app.post(
    '/sms/callback/:secret/inbound',
    {
      onRequest: async (request) => checkSecret(request.params.secret),
      schema: {
        hide: true,
        params: secretParamsSchema,
        body: schemaOf(inboundSmsSchema),
        response: { 200: responseOf(deliveryReportAnswer) },
      },
    },
    async (request, reply) => {
      const { from, text, id } = request.body;
      const complaint = complaintInSms(text.slice(0, 4_000));
      const phone = normalizeKenyanPhone(from);
      if (complaint === null || phone === null) {
        request.log.info({ sms: { id } }, 'Incoming SMS is not a complaint');
        return { received: true as const };
      }
      const outcome = await db.transaction((tx) =>
        registerSmsComplaint(tx, { from, text, id }, complaint, phone, deps.now()),
      );
      request.log.info({ sms: { id }, complaint: outcome }, 'Incoming SMS complaint');
      if (outcome.registered) reply.raw.once('finish', () => void deps.smsOutbox.flush());
      return { received: true as const };
    },
  );

  app.get(
    '/loan/:id/messages',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['sms'],
        summary: "The SMS notices sent to a loan's borrower, newest first",
        description:
          'Each with its text, status (queued, sending, sent, delivered, failed), cost and times. A loan of another lender answers 404.',
        params: idParamsSchema('id'),
        ...contract('GET /loan/:id/messages'),
      },
    },
    async (request) => loanMessages(db, currentUser(request), request.params.id, context),
  );

  app.get(
    '/admin/messages',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['sms'],
        summary: 'Every SMS notice, newest first, with filters',
        description:
          'Filters: status, from and to (Africa/Nairobi days, inclusive), lenderId. Answers { data, total } with page and limit (page 1 to 1,000,000, default 1; limit 1 to 100, default 50).',
        ...contract('GET /admin/messages'),
      },
    },
    async (request) => adminMessages(db, request.query, context),
  );

  const field = app.requireRole('agent', 'lender');
  app.patch(
    '/borrower/:id/sms-reminders',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: 'Opt a borrower out of (or back into) SMS payment reminders',
        description:
          'Body { optOut }. Opting out is recorded with its time; reminders and the overdue notice stop, receipts (disbursement, payment, repaid) still go.',
        params: idParamsSchema('id'),
        ...contract('PATCH /borrower/:id/sms-reminders'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const optOut = request.body.optOut;
        const view = await setSmsReminders(
          tx,
          currentUser(request),
          request.params.id,
          optOut,
          deps.now,
        );
        return {
          body: { message: optOut ? smsRoutesText.optedOut : smsRoutesText.optedIn, data: view },
        };
      }),
  );

  app.patch(
    '/borrower/:id/sms-language',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: "The language of a borrower's SMS notices (en or sw)",
        params: idParamsSchema('id'),
        ...contract('PATCH /borrower/:id/sms-language'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const view = await setSmsLanguage(
          tx,
          currentUser(request),
          request.params.id,
          request.body.language,
        );
        return { body: { message: smsRoutesText.languageSet, data: view } };
      }),
  );
};
