/**
 * `npm run admin:create -- --email … --name …`: adds an administrator for an operator with no
 * super-admin session at hand, the same way the super admin's Settings screen does
 * (server/modules/administrators): role admin, no password, an invitation mail with a
 * set-password link (also printed here, to hand over another way). Audit-logged as the
 * operator's. On the embedded database, stop the server first (it has one owner); on
 * PostgreSQL it runs beside the servers.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { newAdministratorSchema } from '../../src/domain/administrators';
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase } from '../db/client';
import { DatabaseBehindError, prepareDatabase } from '../db/prepare';
import { HttpError } from '../lib/http-error';
import { createMailer } from '../mail/mailer';
import { addAdministrator, mailAdministratorInvitation } from '../modules/administrators/service';

const USAGE = 'Usage: npm run admin:create -- --email name@example.co.ke --name "Wanjiku Kamau"';

function fail(line: string): never {
  process.stderr.write(`admin:create: ${line}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' } },
});
const parsed = v.safeParse(newAdministratorSchema, { email: values.email, name: values.name });
if (!parsed.success) fail(`${parsed.issues[0].message}. ${USAGE}`);

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  return fail(
    `${error.message}\nStop the server first, or have the super admin add the administrator in Settings → Administrators.`,
  );
});
try {
  await prepareDatabase(database, config);
  const added = await database.db.transaction((tx) =>
    addAdministrator(tx, null, parsed.output, config.publicUrl),
  );
  const { administrator, link } = added;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    // The link is printed below; the mailer's own line would only repeat where it went.
    log: { info: () => undefined },
    mailDir: path.join(config.dataDir, 'mail'),
  });
  let mailed = true;
  await mailAdministratorInvitation(mailer, {
    email: administrator.email,
    name: administrator.name,
    link,
    publicUrl: config.publicUrl,
  }).catch(() => {
    mailed = false;
  });
  process.stdout.write(
    `Administrator ${administrator.name} <${administrator.email}> added (id ${administrator.id}).\n` +
      (mailed ? 'An invitation was mailed. ' : 'The invitation mail could not be sent. ') +
      `The set-password link (one hour, single use; ${config.publicUrl}/forgot-password?type=admin sends a new one):\n${link}\n`,
  );
} catch (error) {
  if (error instanceof HttpError || error instanceof DatabaseBehindError) {
    process.stderr.write(`admin:create: ${error.message}\n`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
