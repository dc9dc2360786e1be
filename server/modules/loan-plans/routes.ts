/** Loan plans: the lender creates, its agents read. */
import { setupText } from '../../../src/i18n/setup';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { createLoanPlan, plansOfBusiness } from './service';
import { contract } from '../../lib/contract';

export const loanPlanRoutes: RoutesPlugin = async (app, { db }) => {
  app.post(
    '/loanplan/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['loan plans'],
        summary: 'Create a loan plan',
        ...contract('POST /loanplan/add'),
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
        ...contract('GET /loanplan/all-by-lender-business/:businessId'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.businessId);
      return plansOfBusiness(db, business.id);
    },
  );
};
