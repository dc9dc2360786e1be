/**
 * GET /api/metrics: the Prometheus text of server/lib/metrics.ts, for a scraper holding
 * METRICS_TOKEN (Authorization: Bearer …). Without METRICS_TOKEN the route does not
 * exist (404), so a fresh install shows nothing to the internet.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { commonText } from '../../../src/i18n/common';
import { HttpError } from '../../lib/http-error';
import { dbPool, metricsRegistry, mpesaOldestPending, mpesaRequests } from '../../lib/metrics';
import type { Deps } from '../deps';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function metricsRoutes(app: FastifyInstance, deps: Deps) {
  const token = deps.config.metricsToken;
  if (!token) return;
  const { database } = deps;

  async function readDatabaseFigures() {
    const counts = await database.db.execute(sql`
      select kind, purpose, status, count(*)::int as n,
             case when status = 'pending' then extract(epoch from now() - min(created_at)) end as oldest
      from mpesa_requests group by kind, purpose, status`);
    mpesaRequests.reset();
    mpesaOldestPending.reset();
    const oldest = new Map<string, number>([
      ['stk', 0],
      ['b2c', 0],
    ]);
    for (const row of (counts as unknown as { rows: Record<string, unknown>[] }).rows) {
      const kind = String(row.kind);
      mpesaRequests.set(
        { kind, purpose: String(row.purpose), status: String(row.status) },
        Number(row.n),
      );
      if (row.oldest !== null && row.oldest !== undefined) {
        oldest.set(kind, Math.max(oldest.get(kind) ?? 0, Number(row.oldest)));
      }
    }
    for (const [kind, seconds] of oldest) mpesaOldestPending.set({ kind }, Math.round(seconds));
    const pool = database.poolUse?.();
    if (pool) {
      dbPool.set({ state: 'total' }, pool.total);
      dbPool.set({ state: 'idle' }, pool.idle);
      dbPool.set({ state: 'waiting' }, pool.waiting);
    }
  }

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        throw new HttpError(401, commonText.metricsTokenRequired);
      }
      await readDatabaseFigures();
      return reply
        .header('content-type', metricsRegistry.contentType)
        .header('cache-control', 'no-store')
        .send(await metricsRegistry.metrics());
    },
  );
}
