/** Repayment cycles of a business (the spec's "Screens and routes", "The calls it makes"; schema: name, days 1–365, unique names). */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { repaymentCycleSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { repaymentCycles } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { Deps } from '../deps';

export async function repaymentCycleRoutes(app: FastifyInstance, { db }: Deps) {
  app.post<{ Body: v.InferOutput<typeof repaymentCycleSchema> }>(
    '/repayment-cycle/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['repayment cycles'],
        summary: 'Create a repayment cycle',
        body: schemaOf(repaymentCycleSchema),
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
          .insert(repaymentCycles)
          .values({ ...request.body, lenderBusinessId: business.id })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(setupText.cycleExists);
        return { status: 201, body: { message: setupText.cycleCreated, data: created } };
      }),
  );

  app.get<{ Params: { businessId: number } }>(
    '/repayment-cycle/all-from-lender-business/:businessId',
    {
      onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
      schema: {
        tags: ['repayment cycles'],
        summary: "A business's repayment cycles",
        params: idParamsSchema('businessId'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.businessId);
      return db
        .select()
        .from(repaymentCycles)
        .where(eq(repaymentCycles.lenderBusinessId, business.id))
        .orderBy(asc(repaymentCycles.days), asc(repaymentCycles.name));
    },
  );
}
