/** Lender business types: admins create, edit and delete; everyone signed in reads. */
import { errorAnswers } from '../../lib/openapi';
import { adminRoles, roles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import {
  createBusinessType,
  deleteBusinessType,
  listBusinessTypes,
  updateBusinessType,
} from './service';
import { contract } from '../../lib/contract';

const idParams = idParamsSchema('id');

export const businessTypeRoutes: RoutesPlugin = async (app, { db }) => {
  const admins = app.requireRole(...adminRoles);

  app.get(
    '/lenderbusinesstype',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: {
        tags: ['business types'],
        summary: 'All business types',
        ...contract('GET /lenderbusinesstype'),
      },
    },
    async () => listBusinessTypes(db),
  );

  app.post(
    '/lenderbusinesstype/create',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Create a business type (201)',
        ...contract('POST /lenderbusinesstype/create'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const created = await createBusinessType(tx, currentUser(request), request.body);
        return { status: 201, body: { message: adminText.typeCreated, data: created } };
      }),
  );

  app.put(
    '/lenderbusinesstype/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Edit a business type',
        params: idParams,
        ...contract('PUT /lenderbusinesstype/:id'),
      },
    },
    async (request, reply) => {
      try {
        return await respondOnce(db, request, reply, async (tx) => {
          const updated = await updateBusinessType(
            tx,
            currentUser(request),
            request.params.id,
            request.body,
          );
          return { body: { message: adminText.typeUpdated, data: updated } };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(adminText.typeExists);
        throw error;
      }
    },
  );

  app.delete(
    '/lenderbusinesstype/:id',
    {
      onRequest: admins,
      schema: {
        tags: ['business types'],
        summary: 'Delete a business type no business uses',
        params: idParams,
        ...contract('DELETE /lenderbusinesstype/:id', errorAnswers(409)),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await deleteBusinessType(tx, currentUser(request), request.params.id);
        return { body: { message: adminText.typeDeleted } };
      }),
  );
};
