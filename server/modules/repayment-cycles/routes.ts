/** Repayment cycles of a business (the spec's "Screens and routes", "The calls it makes"; schema: name, days 1–365, unique names). */
import * as v from 'valibot';
import { answerWith } from '../../../src/domain/answers';
import { repaymentCycleSchema, repaymentCycleView } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { createRepaymentCycle, cyclesOfBusiness } from './service';

export const repaymentCycleRoutes: RoutesPlugin = async (app, { db }) => {
  app.post(
    '/repayment-cycle/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['repayment cycles'],
        summary: 'Create a repayment cycle',
        body: schemaOf(repaymentCycleSchema),
        response: { 201: responseOf(answerWith(repaymentCycleView)) },
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const business = await businessFor(
          tx,
          currentUser(request),
          request.body.lenderBusinessId,
          {
            lenderOnly: true,
          },
        );
        const created = await createRepaymentCycle(tx, business.id, request.body);
        return { status: 201, body: { message: setupText.cycleCreated, data: created } };
      }),
  );

  app.get(
    '/repayment-cycle/all-from-lender-business/:businessId',
    {
      onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
      schema: {
        tags: ['repayment cycles'],
        summary: "A business's repayment cycles",
        params: idParamsSchema('businessId'),
        response: { 200: responseOf(v.array(repaymentCycleView)) },
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.businessId);
      return cyclesOfBusiness(db, business.id);
    },
  );
};
