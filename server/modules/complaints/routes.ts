/**
 * Complaints API (the README's "Complaints"): agents and lenders record complaints (a borrower's
 * SMS arrives through the SMS callback, server/modules/sms/routes.ts); lenders and
 * administrators read the register, assign, move and resolve; administrators get the report
 * and the CSV export. A lender reaches its own businesses' complaints, an agent only those it
 * recorded (and may not change them), administrators every lender's.
 */
import { adminRoles } from '../../../src/domain/roles';
import { complaintsServerText } from '../../../src/i18n/complaints';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import {
  complaintDetail,
  complaintReport,
  complaintsCsv,
  createComplaint,
  listComplaints,
  updateComplaint,
} from './service';
import { contract } from '../../lib/contract';

export const complaintRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  // The borrower's SMS goes once the write committed (quiet hours allowing).
  const flushAfter = (reply: { raw: { once: (event: 'finish', fn: () => void) => void } }) =>
    reply.raw.once('finish', () => void deps.smsOutbox.flush());

  app.post(
    '/complaint',
    {
      onRequest: app.requireRole('agent', 'lender'),
      config: { answersRepeatsInWork: true },
      schema: {
        tags: ['complaints'],
        summary: 'Record a complaint (an agent for a borrower of its business, or the lender)',
        description:
          'Body { lenderBusinessId, borrowerId (an agent must give it), loanId?, category, text (5 to 1000 characters) }. Answers 201 with the complaint: its reference, its deadline (7 working days) and status open. The borrower gets an acknowledgement SMS. Send an Idempotency-Key: a repeat is answered without recording it twice.',
        ...contract('POST /complaint'),
      },
    },
    async (request, reply) => {
      flushAfter(reply);
      return respondOnce(db, request, reply, async (tx) => {
        const data = await createComplaint(tx, currentUser(request), request.body, deps.now());
        return { status: 201, body: { message: complaintsServerText.created, data } };
      });
    },
  );

  app.get(
    '/complaint',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['complaints'],
        summary: 'The complaints register: unresolved first, by deadline',
        description:
          "A lender's own businesses' complaints, the ones an agent recorded, or (administrators) every lender's. Filters: status, lenderBusinessId, overdue=true, lenderId (administrators).",
        ...contract('GET /complaint'),
      },
    },
    async (request) => listComplaints(db, currentUser(request), request.query, deps.now()),
  );

  app.get(
    '/complaint/:id',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['complaints'],
        summary: 'A complaint with its history and who may own it',
        params: idParamsSchema('id'),
        ...contract('GET /complaint/:id'),
      },
    },
    async (request) => complaintDetail(db, currentUser(request), request.params.id, deps.now()),
  );

  app.patch(
    '/complaint/:id',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      config: { answersRepeatsInWork: true },
      schema: {
        tags: ['complaints'],
        summary: 'Assign, recategorise or move a complaint (resolve with a resolution)',
        description:
          'Body { ownerUserId?, category?, status?, resolution? }. Statuses go open → in_progress → resolved → closed (resolved may reopen to in_progress). Resolving needs a resolution of 5 to 1000 characters, which the borrower gets by SMS. A move the rules do not allow answers 409.',
        params: idParamsSchema('id'),
        ...contract('PATCH /complaint/:id'),
      },
    },
    async (request, reply) => {
      flushAfter(reply);
      return respondOnce(db, request, reply, async (tx) => {
        const data = await updateComplaint(
          tx,
          currentUser(request),
          request.params.id,
          request.body,
          deps.now(),
        );
        return { body: { message: complaintsServerText.updated, data } };
      });
    },
  );

  app.get(
    '/admin/complaints/report',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['complaints'],
        summary: 'Complaints by category and status, time to resolve, overdue',
        description:
          'Hours from receipt to resolution (median and mean) over the resolved and closed ones. A lender gets its own; administrators every lender’s, or one (lenderId).',
        ...contract('GET /admin/complaints/report'),
      },
    },
    async (request) => complaintReport(db, currentUser(request), request.query, deps.now()),
  );

  app.get(
    '/admin/complaints.csv',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['complaints'],
        summary: 'The complaints register as CSV (RFC 4180)',
        ...contract('GET /admin/complaints.csv'),
        response: {
          200: {
            description: 'The register as CSV',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const csv = await complaintsCsv(db, currentUser(request), request.query, deps.now());
      const day = deps.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mkopo-complaints-${day}.csv"`)
        .send(csv);
    },
  );
};
