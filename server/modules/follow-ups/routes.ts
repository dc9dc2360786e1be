/** Follow-ups API. */
import { fieldWorkText } from '../../../src/i18n/field-work';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { createFollowUp, followUpsOfLoan, loansForFollowUp } from './service';
import { contract } from '../../lib/contract';

export const followUpRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const agent = app.requireRole('agent');

  app.get(
    '/loan/active-for-follow-up',
    {
      config: { answerCache: true },
      onRequest: agent,
      schema: {
        tags: ['follow-ups'],
        summary: "Active and defaulted loans of the agent's businesses, most overdue first",
        description:
          'Each loan with its borrower, business and plan, daysOverdue (whole days past the due date, rounded up, at least 0), lastFollowUpAt (null when none) and followUpCount. `lenderBusinessId` narrows the list to one of the agent’s businesses (404 for any other). Without `page`: every such loan. With `page` (and `limit`, 50 by default): that page only, the total in the X-Total-Count header.',
        ...contract('GET /loan/active-for-follow-up'),
      },
    },
    async (request, reply) => {
      const { lenderBusinessId, ...paging } = request.query;
      const { loans, total } = await loansForFollowUp(
        db,
        currentUser(request),
        lenderBusinessId,
        paging,
      );
      if (total !== null) void reply.header('X-Total-Count', String(total));
      return loans;
    },
  );

  app.get(
    '/follow-up/loan/:loanId',
    {
      onRequest: app.requireRole('agent', 'lender'),
      schema: {
        tags: ['follow-ups'],
        summary: "A loan's follow-ups, newest first",
        params: idParamsSchema('loanId'),
        ...contract('GET /follow-up/loan/:loanId'),
      },
    },
    async (request) => followUpsOfLoan(db, currentUser(request), request.params.loanId),
  );

  app.post(
    '/follow-up',
    {
      onRequest: agent,
      // Nothing happens before runIdempotent: a repeat is answered from its claim.
      config: { answersRepeatsInWork: true },
      schema: {
        tags: ['follow-ups'],
        summary: 'Record a follow-up on a loan of one of my businesses',
        description: 'The comment is trimmed and must be at least 5 characters long.',
        ...contract('POST /follow-up'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const followUp = await createFollowUp(tx, currentUser(request), request.body);
        return { status: 201, body: { message: fieldWorkText.followUpCreated, data: followUp } };
      }),
  );
};
