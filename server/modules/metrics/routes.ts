/**
 * GET /api/metrics: the Prometheus text of server/lib/metrics.ts, for a scraper holding
 * METRICS_TOKEN (Authorization: Bearer …). Without METRICS_TOKEN the route does not
 * exist (404), so a fresh install shows nothing to the internet.
 */
import { timingSafeEqual } from 'node:crypto';
import { commonText } from '../../../src/i18n/common';
import { HttpError } from '../../lib/http-error';
import { metricsRegistry } from '../../lib/metrics';
import type { RoutesPlugin } from '../deps';
import { readDatabaseFigures } from './service';
import { contract } from '../../lib/contract';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsRoutes: RoutesPlugin = async (app, { config, database }) => {
  const token = config.metricsToken;
  if (!token) return;

  app.get(
    '/metrics',
    {
      schema: {
        ...contract('GET /metrics'),
        tags: ['health'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
        security: [{ bearer: [] }],
        response: {
          200: {
            description: 'The metrics in the Prometheus text format',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        throw new HttpError(401, commonText.metricsTokenRequired);
      }
      await readDatabaseFigures(database);
      return reply
        .header('content-type', metricsRegistry.contentType)
        .header('cache-control', 'no-store')
        .send(await metricsRegistry.metrics());
    },
  );
};
