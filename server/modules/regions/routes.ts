/** Regions: read by every signed-in user (the lender wizard), created by admins. */
import { adminRoles, roles } from '../../../src/domain/roles';
import { adminText } from '../../../src/i18n/admin';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import { createRegion, listRegions } from './service';
import { contract } from '../../lib/contract';

export const regionRoutes: RoutesPlugin = async (app, { db }) => {
  app.get(
    '/region',
    {
      onRequest: app.requireRoleOnboarding(...roles),
      schema: {
        tags: ['regions'],
        summary: 'All regions',
        ...contract('GET /region'),
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
        ...contract('POST /region/add'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const created = await createRegion(tx, currentUser(request).id, request.body);
        return { status: 201, body: { message: adminText.regionCreated, data: created } };
      }),
  );
};
