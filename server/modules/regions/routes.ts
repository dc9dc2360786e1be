/** Regions (the spec): read by every signed-in user (the lender wizard), created by admins. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { regionSchema } from '../../../src/domain/reference-data';
import { adminRoles, roles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { recordAudit } from '../audit/service';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { Deps } from '../deps';
import { regions } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';

export async function regionRoutes(app: FastifyInstance, options: Deps) {
  const { db } = options;

  app.get(
    '/region',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: { tags: ['regions'], summary: 'All regions' },
    },
    async () => db.select().from(regions).orderBy(asc(regions.name)),
  );

  app.post<{ Body: v.InferOutput<typeof regionSchema> }>(
    '/region/add',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: { tags: ['regions'], summary: 'Create a region', body: schemaOf(regionSchema) },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const [created] = await tx
          .insert(regions)
          .values(request.body)
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(adminText.regionExists);
        await recordAudit(tx, {
          actorUserId: currentUser(request).id,
          action: 'region.create',
          subjectType: 'region',
          subjectId: created.id,
          details: { name: created.name },
        });
        return { status: 201, body: { message: adminText.regionCreated, data: created } };
      }),
  );
}
