/** Agents (spec part 2 §7). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminRoles, agentStatuses } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function agentRoutes(app: FastifyInstance, options: { db: Db }) {
  app.get(
    '/agent/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: { tags: ['agents'], summary: 'Agent totals per status' },
    },
    async () => {
      const rows = await options.db
        .select({ status: users.status, count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, 'agent'))
        .groupBy(users.status);
      const agentStatsCounts = Object.fromEntries(agentStatuses.map((s) => [s, 0])) as Record<string, number>;
      for (const row of rows) agentStatsCounts[row.status] = row.count;
      return { totalCount: rows.reduce((sum, row) => sum + row.count, 0), agentStatsCounts };
    },
  );
}
