/**
 * Scheduled work on demand: admins run the daily fines job for a given day over HTTP,
 * and the sweep that asks M-Pesa about B2C payments whose result never came.
 * It is the way to catch up (or to test a schedule of dates) while a server holds the
 * embedded database, which `npm run jobs:fines` cannot open beside it.
 */
import * as v from 'valibot';
import { adminRoles } from '../../../src/domain/roles';
import { badRequest, conflict } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';
import { jobsText } from '../../../src/i18n/jobs';
import {
  finesDayError,
  finesDayRefusal,
  nairobiToday,
  runFinesExclusively,
} from '../../jobs/fines';
import { runSmsJobExclusively } from '../../jobs/sms';
import type { RoutesPlugin } from '../deps';
import { settlePendingPayments } from '../mpesa/recovery';
import { contract } from '../../lib/contract';

const finesRunSchema = v.object({
  date: v.optional(
    v.pipe(
      v.string(jobsText.dayFormat),
      v.isoDate(jobsText.dayFormat),
      v.rawCheck(({ dataset, addIssue }) => {
        const refused = dataset.typed && !dataset.issues ? finesDayError(dataset.value) : null;
        if (refused) addIssue({ message: refused });
      }),
    ),
  ),
});

export const jobRoutes: RoutesPlugin = async (app, deps) => {
  app.post(
    '/admin/jobs/mpesa-status',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['jobs'],
        summary: 'Settle M-Pesa payments without a result now',
        description:
          'Runs the sweep the server runs every 5 minutes: sends again each B2C payment debited but never handed to M-Pesa (same OriginatorConversationID, so never paid twice), fails each STK push that never reached M-Pesa, asks M-Pesa with an STK push query about pushes without a callback (after 3 minutes) and with a transaction status query about B2C payments (disbursement, withdrawal, refund) without a result (after 15 minutes). olderThanMinutes replaces every one of those waits. Answers { resent, neverSent, stkQueried, queried }.',
        ...contract('POST /admin/jobs/mpesa-status'),
      },
    },
    async (request) => {
      const minutes = request.body?.olderThanMinutes;
      return settlePendingPayments(deps.db, deps.mpesa, request.log, {
        ...(minutes === undefined ? {} : { olderThanMs: minutes * 60_000 }),
      });
    },
  );

  app.post(
    '/admin/jobs/fines',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['jobs'],
        summary: 'Run the fines job for a day',
        description:
          'Draws the fines due on the given day (Africa/Nairobi; default today) and marks loans in default, exactly as the daily job does. Idempotent: running a day again draws nothing new. A day after today answers 400: fines are never drawn for days that have not happened; so does a day before the platform’s first loan (before any loan, any day but today).',
        body: schemaOf(finesRunSchema),
        ...contract('POST /admin/jobs/fines'),
      },
    },
    async (request) => {
      const day = request.body.date ?? nairobiToday();
      const refused = await finesDayRefusal(deps.db, day);
      if (refused) throw badRequest(refused);
      const run = await runFinesExclusively(deps.database, day, {
        defaultAfterDays: deps.config.defaultAfterDays,
      });
      if (!run) throw conflict(jobsText.alreadyRunning);
      request.log.info({ run, by: request.user?.id }, 'fines job run on request');
      return run;
    },
  );

  app.post(
    '/admin/jobs/sms',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['jobs'],
        summary: 'Run the SMS job now',
        description:
          "Writes today's payment reminders (3 days before the due date and on the day) the once-only overdue notices and the once-only notices before adverse listing of non-performing loans (docs/crb.md), then sends what waits unless it is quiet hours (20:00–07:00 Africa/Nairobi). Idempotent: running it again writes nothing new. Answers { day, loansChecked, reminders, overdue, crbNotices, interrupted }.",
        ...contract('POST /admin/jobs/sms'),
      },
    },
    async (request) => {
      const run = await runSmsJobExclusively(deps.database, deps.smsOutbox, deps.now());
      if (!run) throw conflict(jobsText.smsAlreadyRunning);
      request.log.info({ run, by: request.user?.id }, 'SMS job run on request');
      return run;
    },
  );
};
