/** Follow-ups API (the spec's "Loans", "Matching and follow-up"). */
import * as v from 'valibot';
import {
  activeForFollowUpQuerySchema,
  followUpAnswer,
  followUpLoanView,
  followUpSchema,
  followUpView,
} from '../../../src/domain/field-work';
import { fieldWorkText } from '../../../src/i18n/field-work';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { createFollowUp, followUpsOfLoan, loansForFollowUp } from './service';

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
        querystring: schemaOf(activeForFollowUpQuerySchema),
        response: { 200: responseOf(v.array(followUpLoanView)) },
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
        response: { 200: responseOf(v.array(followUpView)) },
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
        body: schemaOf(followUpSchema),
        response: { 201: responseOf(followUpAnswer) },
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const followUp = await createFollowUp(tx, currentUser(request), request.body);
        return { status: 201, body: { message: fieldWorkText.followUpCreated, data: followUp } };
      }),
  );
};
