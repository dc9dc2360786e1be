/** Lender businesses (spec part 1 §7, part 2 §7). */
import type { FastifyInstance } from 'fastify';
import { adminRoles } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { businessCounts } from './service';

export async function businessRoutes(app: FastifyInstance, options: { db: Db }) {
  app.get(
    '/lender-business/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: { tags: ['businesses'], summary: 'Business totals per status' },
    },
    async () => businessCounts(options.db),
  );
}
