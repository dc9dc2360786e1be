/** Loans API: applying, the loan book and its figures, the dashboards' loan calls, decisions. */
import { adminRoles } from '../../../src/domain/roles';
import { loansText } from '../../../src/i18n/loans';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { businessFor, onlyOwnWorkOfAgent } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { moneyText } from '../../../src/i18n/money';
import { writtenRow } from '../../lib/http-error';
import { sendB2cAfterCommit } from '../mpesa/b2c';
import { reserveDisbursement, writeOffLoan } from './disbursement';
import { findLoan, listLoans, loanListFilter } from './queries';
import { applyForLoan, loanStats, rejectPendingLoan, updatePendingLoan } from './service';
import { contract, pathOf } from '../../lib/contract';

type BusinessLoansKey =
  | 'GET /loan/from-lender-business/:id'
  | 'GET /loan/all-existing-for-lender-business/:id';

export const loanRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const readers = app.requireRole('lender', 'agent', ...adminRoles);
  // The business's whole loan book is its lender's (and the administrators'); an agent
  // reads its own applications (the by-agent routes) and the loans it follows up.
  const bookReaders = app.requireRole('lender', ...adminRoles);
  const lender = app.requireRole('lender');

  app.post(
    '/loan/apply',
    {
      onRequest: app.requireRole('agent', 'lender'),
      schema: {
        tags: ['loans'],
        summary: 'Apply for a loan; the terms are computed and stored on the loan',
        ...contract('POST /loan/apply'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const id = await applyForLoan(tx, currentUser(request), request.body);
        const loan = writtenRow(await findLoan(tx, id), 'The loan');
        return { status: 201, body: { message: loansText.applied, data: loan } };
      }),
  );

  const listDescription =
    'Without `page`: every loan matching the filters, as an array. With `page` (and `limit`, 10 by default): that page only, the matching total in the X-Total-Count header.';

  const businessLoans = (key: BusinessLoansKey, summary: string) =>
    app.get(
      pathOf(key),
      {
        onRequest: bookReaders,
        schema: {
          tags: ['loans'],
          summary,
          ...contract(key),
          description: listDescription,
          params: idParamsSchema('id'),
        },
      },
      async (request, reply) => {
        const business = await businessFor(db, currentUser(request), request.params.id);
        const where = loanListFilter(business.id, request.query);
        const { loans, total } = await listLoans(db, where, request.query);
        if (total !== null) void reply.header('X-Total-Count', String(total));
        return loans;
      },
    );
  businessLoans('GET /loan/from-lender-business/:id', "A business's loans, newest first");
  businessLoans(
    'GET /loan/all-existing-for-lender-business/:id',
    "A business's loans, newest first",
  );

  app.get(
    '/loan/data/:id',
    {
      onRequest: bookReaders,
      schema: {
        tags: ['loans'],
        summary: "A business's loan stats",
        description: 'Counts per status and totals; `code` narrows them to matching loan codes.',
        params: idParamsSchema('id'),
        ...contract('GET /loan/data/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return loanStats(db, loanListFilter(business.id, { code: request.query.code }));
    },
  );

  app.get(
    '/loan/all-stats-for-lender-business-by-agent/:lenderBusinessId/:agentId',
    {
      config: { answerCache: true },
      onRequest: readers,
      schema: {
        tags: ['loans'],
        summary: "Loan stats of an agent's applications",
        params: idParamsSchema('lenderBusinessId', 'agentId'),
        ...contract('GET /loan/all-stats-for-lender-business-by-agent/:lenderBusinessId/:agentId'),
      },
    },
    async (request) => {
      onlyOwnWorkOfAgent(currentUser(request), request.params.agentId);
      const business = await businessFor(db, currentUser(request), request.params.lenderBusinessId);
      return loanStats(db, loanListFilter(business.id, {}, request.params.agentId));
    },
  );

  app.get(
    '/loan/all-existing-for-lender-business-by-agent/:lenderBusinessId/:agentId',
    {
      config: { answerCache: true },
      onRequest: readers,
      schema: {
        tags: ['loans'],
        summary: "An agent's loan applications",
        description: 'Takes the same page, limit and filters as /loan/from-lender-business/{id}.',
        params: idParamsSchema('lenderBusinessId', 'agentId'),
        ...contract(
          'GET /loan/all-existing-for-lender-business-by-agent/:lenderBusinessId/:agentId',
        ),
      },
    },
    async (request, reply) => {
      onlyOwnWorkOfAgent(currentUser(request), request.params.agentId);
      const business = await businessFor(db, currentUser(request), request.params.lenderBusinessId);
      const where = loanListFilter(business.id, request.query, request.params.agentId);
      const { loans, total } = await listLoans(db, where, request.query);
      if (total !== null) void reply.header('X-Total-Count', String(total));
      return loans;
    },
  );

  app.put(
    '/loan/update-loan/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Change plan and principal of a pending loan; terms are recomputed',
        params: idParamsSchema('loanId'),
        ...contract('PUT /loan/update-loan/:loanId'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await updatePendingLoan(tx, currentUser(request), request.params.loanId, request.body);
        const loan = writtenRow(await findLoan(tx, request.params.loanId), 'The loan');
        return { body: { message: loansText.updated, data: loan } };
      }),
  );

  app.put(
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
        ...contract('PUT /loan/approving-loan-for-borrower/:loanId/:lenderBusinessId/approve'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => ({
        body: { message: moneyText.disbursementStarted },
        value: await reserveDisbursement(
          tx,
          user,
          request.params.loanId,
          request.params.lenderBusinessId,
        ),
      }));
      await sendB2cAfterCommit(
        db,
        deps.mpesa,
        outcome,
        ({ request: b2c, loanCode }) => ({ request: b2c, remarks: `Loan ${loanCode}` }),
        request.log,
      );
      return outcome.send(reply);
    },
  );

  app.patch(
    '/loan/writeoff/:id',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Write off a loan in default (irreversible)',
        params: idParamsSchema('id'),
        ...contract('PATCH /loan/writeoff/:id'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => ({
        body: { message: await writeOffLoan(tx, currentUser(request), request.params.id) },
      })),
  );

  app.put(
    '/loan/reject/:loanId',
    {
      onRequest: lender,
      schema: {
        tags: ['loans'],
        summary: 'Reject a pending loan',
        params: idParamsSchema('loanId'),
        ...contract('PUT /loan/reject/:loanId'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await rejectPendingLoan(tx, currentUser(request), request.params.loanId);
        return { body: { message: loansText.rejected } };
      }),
  );
};
