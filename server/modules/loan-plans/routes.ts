/** Loan plans (the spec's "Screens and routes", "Validation rules", "The calls it makes"): the lender creates, its agents read. */
import * as v from 'valibot';
import { answerWith } from '../../../src/domain/answers';
import { loanPlanSchema, loanPlanView } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { createLoanPlan, plansOfBusiness } from './service';

export const loanPlanRoutes: RoutesPlugin = async (app, { db }) => {
  app.post(
    '/loanplan/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['loan plans'],
        summary: 'Create a loan plan',
        body: schemaOf(loanPlanSchema),
        response: { 201: responseOf(answerWith(loanPlanView)) },
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const input = request.body;
        const business = await businessFor(tx, currentUser(request), input.lenderBusinessId, {
          lenderOnly: true,
        });
        const data = await createLoanPlan(tx, business.id, input);
        return { status: 201, body: { message: setupText.planCreated, data } };
      }),
  );

  app.get(
    '/loanplan/all-by-lender-business/:businessId',
    {
      onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
      schema: {
        tags: ['loan plans'],
        summary: "A business's loan plans",
        params: idParamsSchema('businessId'),
        response: { 200: responseOf(v.array(loanPlanView)) },
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.businessId);
      return plansOfBusiness(db, business.id);
    },
  );
};
