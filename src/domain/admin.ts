/**
 * Answers of the operators' endpoints (health, readiness, the jobs run on demand),
 * as the API sends them. The screens do not read them; the server serialises and
 * documents them with these schemas.
 */
import * as v from 'valibot';
import { calendarDay, idValue } from './answers';

/** GET /health (200 and 503): the server and its database. */
export const healthView = v.object({ status: v.string(), db: v.string() });

/** GET /health/ready (200 and 503): the database and the file storage. */
export const readinessView = v.object({
  status: v.string(),
  db: v.string(),
  storage: v.string(),
});

/** POST /admin/jobs/mpesa-status: how many payments the sweep touched. */
export const paymentSweepView = v.object({
  resent: idValue,
  neverSent: idValue,
  stkQueried: idValue,
  queried: idValue,
});

/** POST /admin/jobs/fines: the day run and what it drew. */
export const finesRunView = v.object({
  day: calendarDay,
  loansChecked: idValue,
  finesDrawn: idValue,
  defaulted: idValue,
});

/** POST /admin/jobs/sms: the day run and the messages it wrote. */
export const smsRunView = v.object({
  day: calendarDay,
  loansChecked: idValue,
  reminders: idValue,
  overdue: idValue,
  interrupted: idValue,
});
