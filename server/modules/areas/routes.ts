/** Areas of a lender business (the spec's "Screens and routes", "The calls it makes"): the lender creates, its agents read. */
import * as v from 'valibot';
import { answerWith } from '../../../src/domain/answers';
import { areaSchema, areaView } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { areasOfBusiness, createArea } from './service';

export const areaRoutes: RoutesPlugin = async (app, { db }) => {
  app.post(
    '/lender-business-area/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['areas'],
        summary: 'Create an area of one of my businesses',
        body: schemaOf(areaSchema),
        response: { 201: responseOf(answerWith(areaView)) },
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
        const created = await createArea(tx, business.id, request.body);
        return { status: 201, body: { message: setupText.areaCreated, data: created } };
      }),
  );

  const list = (url: string, summary: string) =>
    app.get(
      url,
      {
        onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
        schema: {
          tags: ['areas'],
          summary,
          params: idParamsSchema('businessId'),
          response: { 200: responseOf(v.array(areaView)) },
        },
      },
      async (request) => {
        const business = await businessFor(db, currentUser(request), request.params.businessId);
        return areasOfBusiness(db, business.id);
      },
    );
  list('/lender-business-area/:businessId', "A business's areas");
  list('/lender-business-area/from-lender-business/:businessId', "A business's areas");
  list('/lender-business/areas/:businessId', "A business's areas (id, name)");
};
