/** Loans API (the spec's "The calls it makes"; "The calls it makes" dashboard calls). */
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type * as v from 'valibot';
import {
  loanApplicationSchema,
  loanListQuerySchema,
  loanUpdateSchema,
  type LoanListQuery,
} from '../../../src/domain/loans';
import { adminRoles } from '../../../src/domain/roles';
import { loansText } from '../../../src/i18n/loans';
import { loans } from '../../db/schema';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { businessFor, onlyOwnWorkOfAgent } from '../businesses/access';
import type { Deps } from '../deps';
import { moneyText } from '../../../src/i18n/money';
import { HttpError } from '../../lib/http-error';
import { sendB2c } from '../mpesa/b2c';
import { reserveDisbursement, writeOffLoan } from './disbursement';
import { countLoans, findLoans } from './queries';
import { applyForLoan, loanStats, rejectPendingLoan, updatePendingLoan } from './service';

export async function loanRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const readers = app.requireRole('lender', 'agent', ...adminRoles);
  // The business's whole loan book is its lender's (and the administrators'); an agent
  // reads its own applications (the by-agent routes) and the loans it follows up.
  const bookReaders = app.requireRole('lender', ...adminRoles);
  const lender = app.requireRole('lender');

  app.post<{ Body: v.InferOutput<typeof loanApplicationSchema> }>(
    '/loan/apply',
    {
      onRequest: app.requireRole('agent', 'lender'),
      schema: {
        tags: ['loans'],
        summary: 'Apply for a loan; the terms are computed and stored on the loan',
        body: schemaOf(loanApplicationSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const id = await applyForLoan(tx, currentUser(request), request.body);
        const [loan] = await findLoans(tx, eq(loans.id, id));
        return { status: 201, body: { message: loansText.applied, data: loan } };
      }),
  );

  const listQuery = schemaOf(loanListQuerySchema);
  const listFilter = (businessId: number, query: Partial<LoanListQuery>): SQL =>
    and(
      eq(loans.lenderBusinessId, businessId),
      query.status ? eq(loans.status, query.status) : undefined,
      query.code ? ilike(loans.loanCode, `%${query.code.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    )!;

  /** The whole filtered list, or with `page` one page and the total in X-Total-Count. */
  async function listLoans(where: SQL, query: LoanListQuery, reply: FastifyReply) {
    const order = query.sort ? { sort: query.sort, order: query.order } : undefined;
    if (query.page === undefined) return findLoans(db, where, { order });
    const [total, page] = await Promise.all([
      countLoans(db, where),
      findLoans(db, where, { order, limit: query.limit, offset: (query.page - 1) * query.limit }),
    ]);
    void reply.header('X-Total-Count', String(total));
    return page;
  }

  const businessLoans = (url: string, summary: string) =>
    app.get<{ Params: { id: number }; Querystring: LoanListQuery }>(
      url,
      {
        onRequest: bookReaders,
        schema: {
          tags: ['loans'],
          summary,
          description:
            'Without `page`: every loan matching the filters, as an array. With `page` (and `limit`, 10 by default): that page only, the matching total in the X-Total-Count header.',
          params: idParamsSchema('id'),
          querystring: listQuery,
        },
      },
      async (request, reply) => {
        const business = await businessFor(db, currentUser(request), request.params.id);
        return listLoans(listFilter(business.id, request.query), request.query, reply);
      },
    );
  businessLoans('/loan/from-lender-business/:id', "A business's loans, newest first");
  businessLoans('/loan/all-existing-for-lender-business/:id', "A business's loans, newest first");

  app.get<{ Params: { id: number }; Querystring: LoanListQuery }>(
    '/loan/data/:id',
    {
      onRequest: bookReaders,
      schema: {
        tags: ['loans'],
        summary: "A business's loan stats",
        description: 'Counts per status and totals; `code` narrows them to matching loan codes.',
        params: idParamsSchema('id'),
        querystring: listQuery,
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return loanStats(db, listFilter(business.id, { code: request.query.code }));
    },
  );

  app.get<{ Params: { lenderBusinessId: number; agentId: number } }>(
    '/loan/all-stats-for-lender-business-by-agent/:lenderBusinessId/:agentId',
    {
      onRequest: readers,
      schema: {
        tags: ['loans'],
        summary: "Loan stats of an agent's applications",
        params: idParamsSchema('lenderBusinessId', 'agentId'),
      },
    },
    async (request) => {
      onlyOwnWorkOfAgent(currentUser(request), request.params.agentId);
      const business = await businessFor(db, currentUser(request), request.params.lenderBusinessId);
      return loanStats(
        db,
        and(
          eq(loans.lenderBusinessId, business.id),
          eq(loans.requesterUserId, request.params.agentId),
        )!,
      );
    },
  );

  app.get<{ Params: { lenderBusinessId: number; agentId: number }; Querystring: LoanListQuery }>(
    '/loan/all-existing-for-lender-business-by-agent/:lenderBusinessId/:agentId',
    {
      onRequest: readers,
      schema: {
        tags: ['loans'],
        summary: "An agent's loan applications",
        description: 'Takes the same page, limit and filters as /loan/from-lender-business/{id}.',
        params: idParamsSchema('lenderBusinessId', 'agentId'),
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      onlyOwnWorkOfAgent(currentUser(request), request.params.agentId);
      const business = await businessFor(db, currentUser(request), request.params.lenderBusinessId);
      const where = and(
        listFilter(business.id, request.query),
        eq(loans.requesterUserId, request.params.agentId),
      )!;
      return listLoans(where, request.query, reply);
    },
  );

  app.put<{ Params: { loanId: number }; Body: v.InferOutput<typeof loanUpdateSchema> }>(
    '/loan/update-loan/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Change plan and principal of a pending loan; terms are recomputed',
        params: idParamsSchema('loanId'),
        body: schemaOf(loanUpdateSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await updatePendingLoan(tx, currentUser(request), request.params.loanId, request.body);
        const [loan] = await findLoans(tx, eq(loans.id, request.params.loanId));
        return { body: { message: loansText.updated, data: loan } };
      }),
  );

  app.put<{ Params: { loanId: number; lenderBusinessId: number } }>(
    '/loan/approving-loan-for-borrower/:loanId/:lenderBusinessId/approve',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary:
          "Approve and disburse: reserves the disbursement amount from capital and sends it to the borrower's M-Pesa",
        description:
          'Refused when capital is short (409) or the amount is below KES 10 (400, "less than the minimum transaction amount"). The loan is disbursing until M-Pesa confirms, then active with its disbursement date.',
        params: idParamsSchema('loanId', 'lenderBusinessId'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, async (tx) => ({
        body: { message: moneyText.disbursementStarted },
        value: await reserveDisbursement(
          tx,
          user,
          request.params.loanId,
          request.params.lenderBusinessId,
        ),
      }));
      if (outcome.value) {
        const { request: mpesaRequest, loanCode } = outcome.value;
        const sent = await sendB2c(db, deps.mpesa, mpesaRequest, `Loan ${loanCode}`, request.log);
        if (!sent) {
          // M-Pesa refused it and the debit was reversed: a retry may try again.
          await outcome.release();
          throw new HttpError(502, moneyText.mpesaUnavailable);
        }
      }
      return outcome.send(reply);
    },
  );

  app.patch<{ Params: { id: number } }>(
    '/loan/writeoff/:id',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Write off a loan in default (irreversible)',
        params: idParamsSchema('id'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => ({
        body: { message: await writeOffLoan(tx, currentUser(request), request.params.id) },
      })),
  );

  app.put<{ Params: { loanId: number } }>(
    '/loan/reject/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Reject a pending loan',
        params: idParamsSchema('loanId'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await rejectPendingLoan(tx, currentUser(request), request.params.loanId);
        return { body: { message: loansText.rejected } };
      }),
  );
}
