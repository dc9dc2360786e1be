/**
 * `npm run jobs:fines -- --date YYYY-MM-DD`: runs the fines job for a day (default today
 * in Nairobi, never a later day nor one before the platform's first loan) against the configured database — for catching up and
 * recovery.
 * While a server holds the embedded database, ask it instead (POST /api/admin/jobs/fines).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase } from '../db/client';
import { DatabaseBehindError, prepareDatabase } from '../db/prepare';
import { finesDayError, finesDayRefusal, nairobiToday, runFinesExclusively } from './fines';

class FinesDayRefused extends Error {}

const { values } = parseArgs({ options: { date: { type: 'string' } } });
const day = values.date ?? nairobiToday();
// Refused before the database is opened: nothing is drawn for a day that has not happened.
const refused = finesDayError(day);
if (refused) {
  process.stderr.write(`${refused}\n`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  process.stderr.write(
    `${error.message}\nWith the server running, an admin runs the job through it:\n` +
      `  POST ${config.publicUrl}${config.apiPrefix}/admin/jobs/fines {"date":"YYYY-MM-DD"}\n`,
  );
  process.exit(1);
});
try {
  await prepareDatabase(database, config);
  const beforeLoans = await finesDayRefusal(database.db, day);
  if (beforeLoans) throw new FinesDayRefused(beforeLoans);
  const run = await runFinesExclusively(database, day, {
    defaultAfterDays: config.defaultAfterDays,
  });
  process.stdout.write(
    run
      ? `Fines for ${run.day}: ${run.loansChecked} loans checked, ${run.finesDrawn} fines drawn, ${run.defaulted} loans now in default\n`
      : 'Another instance is running the fines job.\n',
  );
} catch (error) {
  if (!(error instanceof DatabaseBehindError || error instanceof FinesDayRefused)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
