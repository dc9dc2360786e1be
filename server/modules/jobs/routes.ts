/**
 * Scheduled work on demand: admins run the daily fines job for a given day over HTTP.
 * It is the way to catch up (or to test a schedule of dates) while a server holds the
 * embedded database, which `npm run jobs:fines` cannot open beside it.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { adminRoles } from '../../../src/domain/roles';
import { conflict } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';
import { nairobiToday, runFinesExclusively } from '../../jobs/fines';
import type { Deps } from '../deps';

const finesRunSchema = v.object({
  date: v.optional(
    v.pipe(
      v.string(),
      v.isoDate('Give the day as YYYY-MM-DD.'),
      v.check(
        (day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        'Give a real calendar day.',
      ),
    ),
  ),
});

export async function jobRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Body: v.InferOutput<typeof finesRunSchema> }>(
    '/admin/jobs/fines',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['jobs'],
        summary: 'Run the fines job for a day',
        description:
          'Draws the fines due on the given day (Africa/Nairobi; default today) and marks loans in default, exactly as the daily job does. Idempotent: running a day again draws nothing new.',
        body: schemaOf(finesRunSchema),
      },
    },
    async (request) => {
      const day = request.body.date ?? nairobiToday();
      const run = await runFinesExclusively(deps.database, day, {
        defaultAfterDays: deps.config.defaultAfterDays,
      });
      if (!run) throw conflict('The fines job is already running. Try again in a minute.');
      request.log.info({ run, by: request.user?.id }, 'fines job run on request');
      return run;
    },
  );
}
