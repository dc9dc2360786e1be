/** Lender business types (the spec): admins create, edit and delete; everyone signed in reads. */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { businessTypeSchema } from '../../../src/domain/reference-data';
import { adminRoles, roles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { recordAudit } from '../audit/service';
import type { Tx } from '../../db/client';
import type { Deps } from '../deps';
import { lenderBusinesses, lenderBusinessTypes } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { isUniqueViolation } from '../../lib/db-errors';

const idParams = idParamsSchema('id');
type Body = v.InferOutput<typeof businessTypeSchema>;

export async function businessTypeRoutes(app: FastifyInstance, options: Deps) {
  const { db } = options;
  /** Business-type changes go to the audit log, named, for Recent Activity. */
  const audit = (
    request: FastifyRequest,
    action: string,
    type: { id: number; name: string },
    tx: Tx,
  ) =>
    recordAudit(tx, {
      actorUserId: currentUser(request).id,
      action,
      subjectType: 'business_type',
      subjectId: type.id,
      details: { name: type.name },
    });

  const admins = app.requireRole(...adminRoles);

  app.get(
    '/lenderbusinesstype',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: { tags: ['business types'], summary: 'All business types' },
    },
    async () => db.select().from(lenderBusinessTypes).orderBy(asc(lenderBusinessTypes.name)),
  );

  app.post<{ Body: Body }>(
    '/lenderbusinesstype/create',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Create a business type (201)',
        body: schemaOf(businessTypeSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const [created] = await tx
          .insert(lenderBusinessTypes)
          .values({ ...request.body, createdByEmail: currentUser(request).email })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict(adminText.typeExists);
        await audit(request, 'business_type.create', created, tx);
        return { status: 201, body: { message: adminText.typeCreated, data: created } };
      }),
  );

  app.put<{ Params: { id: number }; Body: Body }>(
    '/lenderbusinesstype/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Edit a business type',
        params: idParams,
        body: schemaOf(businessTypeSchema),
      },
    },
    async (request, reply) => {
      try {
        return await respondOnce(db, request, reply, async (tx) => {
          const [updated] = await tx
            .update(lenderBusinessTypes)
            .set({ ...request.body, updatedAt: new Date() })
            .where(eq(lenderBusinessTypes.id, request.params.id))
            .returning();
          if (!updated) throw notFound(adminText.typeNotFound);
          await audit(request, 'business_type.update', updated, tx);
          return { body: { message: adminText.typeUpdated, data: updated } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(adminText.typeExists);
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/lenderbusinesstype/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Delete a business type no business uses',
        params: idParams,
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const [type] = await tx
          .select()
          .from(lenderBusinessTypes)
          .where(eq(lenderBusinessTypes.id, request.params.id))
          .for('update');
        if (!type) throw notFound(adminText.typeNotFound);
        const [usage] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(lenderBusinesses)
          .where(eq(lenderBusinesses.lenderBusinessTypeId, type.id));
        if (usage && usage.count > 0) throw conflict(adminText.typeInUse(usage.count));
        if (type.businessType === 'individual') {
          const [individuals] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(lenderBusinessTypes)
            .where(eq(lenderBusinessTypes.businessType, 'individual'));
          if ((individuals?.count ?? 0) <= 1) throw conflict(adminText.lastIndividualType);
        }
        await tx.delete(lenderBusinessTypes).where(eq(lenderBusinessTypes.id, type.id));
        await audit(request, 'business_type.delete', type, tx);
        return { body: { message: adminText.typeDeleted } };
      }),
  );
}
