/**
 * SMS routes (issue 17): Africa's Talking's delivery reports on a secret path segment;
 * the messages of a loan for its lender; every message for administrators, with
 * filters; and the borrower's choices (reminders opted out, with the time; the language
 * of the notices), set by the lender or an agent of the business.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { adminRoles } from '../../../src/domain/roles';
import { loansText } from '../../../src/i18n/loans';
import { smsLanguages, smsRoutesText } from '../../../src/i18n/sms';
import type { Db } from '../../db/client';
import { smsStatuses } from '../../../src/domain/sms';
import { borrowers, lenderBusinesses, loans, smsMessages } from '../../db/schema';
import { notFound, notFoundAs } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { recordAudit } from '../audit/service';
import { borrowerFor, findBorrowers } from '../borrowers/service';
import { businessFor } from '../businesses/access';
import type { Deps } from '../deps';
import { renderNotice, type RenderContext } from './render';

/** Africa's Talking's final delivery statuses; Sent, Submitted and Buffered are on the way. */
const DELIVERED = new Set(['Success']);
const UNDELIVERED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

const optOutSchema = v.object({ optOut: v.boolean('Say true or false.') });
const languageSchema = v.object({
  language: v.picklist(smsLanguages, 'Choose en (English) or sw (Kiswahili).'),
});

const day = (name: string) =>
  v.optional(
    v.pipe(
      v.string(`Give ${name} as YYYY-MM-DD.`),
      v.isoDate(`Give ${name} as YYYY-MM-DD.`),
      v.check((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Give a real day.'),
    ),
  );
const messagesQuerySchema = v.object({
  status: v.optional(v.picklist(smsStatuses, `Status is one of ${smsStatuses.join(', ')}.`)),
  from: day('from'),
  to: day('to'),
  lenderId: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Give lenderId as a number.'), v.transform(Number)),
  ),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Give page as a number.'), v.transform(Number)),
    '1',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'Give limit as a number up to 200.'),
      v.transform(Number),
      v.maxValue(200, 'Give limit as a number up to 200.'),
    ),
    '50',
  ),
});
type MessagesQuery = v.InferOutput<typeof messagesQuerySchema>;

/** The start of a Nairobi calendar day. */
const nairobiMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`));

type MessageRow = typeof smsMessages.$inferSelect;

function messageView(row: MessageRow, context: RenderContext) {
  return {
    id: row.id,
    loanId: row.loanId,
    borrowerId: row.borrowerId,
    lenderBusinessId: row.lenderBusinessId,
    phoneNumber: row.phoneNumber,
    kind: row.kind,
    language: row.language,
    // A message that waits (quiet hours) shows the text it will carry.
    body: row.body ?? renderNotice(row, context),
    status: row.status,
    attempts: row.attempts,
    providerMessageId: row.providerMessageId,
    cost: row.costAmount === null ? null : { currency: row.costCurrency, amount: row.costAmount },
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
  };
}

/** Applies one delivery report; unknown ids are ignored (a report for another system). */
export async function receiveDeliveryReport(
  db: Db,
  report: { id: string; status: string; failureReason?: string | undefined },
  now: Date,
): Promise<void> {
  if (DELIVERED.has(report.status)) {
    await db
      .update(smsMessages)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(eq(smsMessages.providerMessageId, report.id));
  } else if (UNDELIVERED.has(report.status)) {
    await db
      .update(smsMessages)
      .set({
        status: 'failed',
        failureReason: `Not delivered: ${report.failureReason || report.status}.`,
        updatedAt: now,
      })
      // A report never takes back a delivery already confirmed.
      .where(
        and(eq(smsMessages.providerMessageId, report.id), ne(smsMessages.status, 'delivered')),
      );
  }
}

export async function smsRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const context: RenderContext = { platformShortCode: deps.config.mpesa.platformShortCode };

  // Africa's Talking posts delivery reports form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const secret = Buffer.from(deps.smsCallbackSecret);
  const checkSecret = async (request: FastifyRequest<{ Params: { secret: string } }>) => {
    const given = Buffer.from(request.params.secret);
    if (given.length !== secret.length || !timingSafeEqual(given, secret))
      throw notFound('Not found.');
  };
  app.post<{ Params: { secret: string }; Body: Record<string, unknown> | undefined }>(
    '/sms/callback/:secret/delivery',
    { onRequest: checkSecret, schema: { hide: true } },
    async (request) => {
      const body = request.body ?? {};
      const id = typeof body.id === 'string' ? body.id : '';
      const status = typeof body.status === 'string' ? body.status : '';
      request.log.info({ sms: { id, status } }, 'SMS delivery report');
      if (id && status) {
        await receiveDeliveryReport(
          db,
          {
            id,
            status,
            failureReason: typeof body.failureReason === 'string' ? body.failureReason : undefined,
          },
          deps.now(),
        );
      }
      return { received: true };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/loan/:id/messages',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['sms'],
        summary: "The SMS notices sent to a loan's borrower, newest first",
        description:
          'Each with its text, status (queued, sending, sent, delivered, failed), cost and times. A loan of another lender answers 404.',
        params: idParamsSchema('id'),
      },
    },
    async (request) => {
      const [loan] = await db.select().from(loans).where(eq(loans.id, request.params.id));
      if (!loan) throw notFound(loansText.loanNotFound);
      await businessFor(db, currentUser(request), loan.lenderBusinessId).catch(
        notFoundAs(loansText.loanNotFound),
      );
      const rows = await db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.loanId, loan.id))
        .orderBy(desc(smsMessages.id));
      return rows.map((row) => messageView(row, context));
    },
  );

  app.get<{ Querystring: MessagesQuery }>(
    '/admin/messages',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['sms'],
        summary: 'Every SMS notice, newest first, with filters',
        description:
          'Filters: status, from and to (Africa/Nairobi days, inclusive), lenderId. Answers { data, total } with page and limit (default 50, at most 200).',
        querystring: schemaOf(messagesQuerySchema),
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.status) where.push(eq(smsMessages.status, q.status));
      if (q.from) where.push(gte(smsMessages.createdAt, nairobiMidnight(q.from)));
      if (q.to) {
        const end = new Date(nairobiMidnight(q.to).getTime() + 86_400_000);
        where.push(lt(smsMessages.createdAt, end));
      }
      if (q.lenderId !== undefined) where.push(eq(lenderBusinesses.lenderId, q.lenderId));
      const condition = where.length ? and(...where) : undefined;
      const page = Math.max(1, q.page);
      const limit = Math.max(1, q.limit);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            message: smsMessages,
            loanCode: loans.loanCode,
            businessName: lenderBusinesses.businessName,
            lenderId: lenderBusinesses.lenderId,
          })
          .from(smsMessages)
          .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, smsMessages.lenderBusinessId))
          .innerJoin(loans, eq(loans.id, smsMessages.loanId))
          .where(condition)
          .orderBy(desc(smsMessages.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: count() })
          .from(smsMessages)
          .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, smsMessages.lenderBusinessId))
          .where(condition),
      ]);
      return {
        data: rows.map((row) => ({
          ...messageView(row.message, context),
          loanCode: row.loanCode,
          businessName: row.businessName,
          lenderId: row.lenderId,
        })),
        total: total?.total ?? 0,
      };
    },
  );

  const field = app.requireRole('agent', 'lender');
  app.patch<{ Params: { id: number }; Body: v.InferOutput<typeof optOutSchema> }>(
    '/borrower/:id/sms-reminders',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: 'Opt a borrower out of (or back into) SMS payment reminders',
        description:
          'Body { optOut }. Opting out is recorded with its time; reminders and the overdue notice stop, receipts (disbursement, payment, repaid) still go.',
        params: idParamsSchema('id'),
        body: schemaOf(optOutSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const user = currentUser(request);
        const borrower = await borrowerFor(tx, user, request.params.id);
        const optOut = request.body.optOut;
        // Opting out twice keeps the first time: that is when the borrower asked.
        const at = optOut ? (borrower.smsRemindersOptedOutAt ?? deps.now()) : null;
        await tx
          .update(borrowers)
          .set({ smsRemindersOptedOutAt: at, updatedAt: new Date() })
          .where(eq(borrowers.id, borrower.id));
        if (Boolean(borrower.smsRemindersOptedOutAt) !== optOut) {
          await recordAudit(tx, {
            actorUserId: user.id,
            action: optOut ? 'borrower.sms_reminders_opted_out' : 'borrower.sms_reminders_opted_in',
            subjectType: 'borrower',
            subjectId: borrower.id,
            details: { at: at?.toISOString() ?? deps.now().toISOString() },
          });
        }
        const [view] = await findBorrowers(tx, eq(borrowers.id, borrower.id));
        return {
          body: { message: optOut ? smsRoutesText.optedOut : smsRoutesText.optedIn, data: view },
        };
      }),
  );

  app.patch<{ Params: { id: number }; Body: v.InferOutput<typeof languageSchema> }>(
    '/borrower/:id/sms-language',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: "The language of a borrower's SMS notices (en or sw)",
        params: idParamsSchema('id'),
        body: schemaOf(languageSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const borrower = await borrowerFor(tx, currentUser(request), request.params.id);
        await tx
          .update(borrowers)
          .set({ language: request.body.language, updatedAt: new Date() })
          .where(eq(borrowers.id, borrower.id));
        const [view] = await findBorrowers(tx, eq(borrowers.id, borrower.id));
        return { body: { message: smsRoutesText.languageSet, data: view } };
      }),
  );
}
