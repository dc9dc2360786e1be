/** Areas of a lender business (the spec's "Screens and routes", "The calls it makes"): the lender creates, its agents read. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { areaSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { lenderBusinessAreas } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { Deps } from '../deps';

export async function areaRoutes(app: FastifyInstance, { db }: Deps) {
  app.post<{ Body: v.InferOutput<typeof areaSchema> }>(
    '/lender-business-area/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['areas'],
        summary: 'Create an area of one of my businesses',
        body: schemaOf(areaSchema),
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
        const [created] = await tx
          .insert(lenderBusinessAreas)
          .values({ ...request.body, lenderBusinessId: business.id })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(setupText.areaExists);
        return { status: 201, body: { message: setupText.areaCreated, data: created } };
      }),
  );

  const list = (url: string, summary: string) =>
    app.get<{ Params: { businessId: number } }>(
      url,
      {
        onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
        schema: { tags: ['areas'], summary, params: idParamsSchema('businessId') },
      },
      async (request) => {
        const business = await businessFor(db, currentUser(request), request.params.businessId);
        return db
          .select()
          .from(lenderBusinessAreas)
          .where(eq(lenderBusinessAreas.lenderBusinessId, business.id))
          .orderBy(asc(lenderBusinessAreas.name));
      },
    );
  list('/lender-business-area/:businessId', "A business's areas");
  list('/lender-business-area/from-lender-business/:businessId', "A business's areas");
  list('/lender-business/areas/:businessId', "A business's areas (id, name)");
}
