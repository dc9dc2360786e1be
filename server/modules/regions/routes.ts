/** Regions (the spec): read by every signed-in user (the lender wizard), created by admins. */
import * as v from 'valibot';
import { answerWith } from '../../../src/domain/answers';
import { regionSchema, regionView } from '../../../src/domain/reference-data';
import { adminRoles, roles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { responseOf, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { createRegion, listRegions } from './service';

export const regionRoutes: RoutesPlugin = async (app, { db }) => {
  app.get(
    '/region',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: {
        tags: ['regions'],
        summary: 'All regions',
        response: { 200: responseOf(v.array(regionView)) },
      },
    },
    async () => listRegions(db),
  );

  app.post(
    '/region/add',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['regions'],
        summary: 'Create a region',
        body: schemaOf(regionSchema),
        response: { 201: responseOf(answerWith(regionView)) },
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const created = await createRegion(tx, currentUser(request).id, request.body);
        return { status: 201, body: { message: adminText.regionCreated, data: created } };
      }),
  );
};
