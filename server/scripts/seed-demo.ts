/**
 * `npm run seed:demo`: fills the embedded database (DATA_DIR, or DATABASE_URL) with a
 * small, believable lending business to explore, then prints the accounts to sign in
 * with. Run it before `npm start`, not beside it (the embedded database has one owner).
 *
 * Everything goes through the real API of an in-process server with the M-Pesa and SMS
 * simulators (the book itself: server/scripts/demo-book.ts), so the demo's money obeys
 * the same rules as real money. To give the book a history, disbursed loans are moved
 * back in time (their dates only) and the fines job runs for each of those past days,
 * as it would have every night.
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { ensureSuperAdmin } from '../bootstrap';
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { admins, recoveryCodes, sessions, userFactors, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { MailMessage } from '../mail/mailer';
import { resolveCallbackSecret, resolveJwtSecret } from '../secrets';
import { agentEmail, DEMO_PASSWORD, LENDER_EMAIL, writeDemoBook } from './demo-book';

const ADMIN_EMAIL = 'admin@mkopo-demo.test';

function fail(message: string): never {
  process.stderr.write(`seed:demo: ${message}\n`);
  process.exit(1);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfig({
    ...process.env,
    SMS_QUIET_HOURS: '0-0',
    JOBS_ENABLED: 'false',
    MPESA_SIM_DELAY_MS: '20',
  });
  const database = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) fail(`${error.message}`);
    throw error;
  });
  await prepareDatabase(database, { ...config, migrateOnStart: true });
  const existing = await database.db.execute(
    sql`select 1 from users where email = ${LENDER_EMAIL}`,
  );
  if ((existing as unknown as { rows: unknown[] }).rows.length > 0) {
    await database.close();
    process.stdout.write('The demo is already in this database.\n');
    printAccounts(undefined);
    return;
  }
  // The platform's super admin as npm start would create it, and a demo administrator
  // whose password the demo knows (the super admin's may have been generated and shown once).
  const superAdmin = await ensureSuperAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  await database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: ADMIN_EMAIL,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        role: 'admin',
        status: 'active',
      })
      .returning({ id: users.id });
    await tx.insert(admins).values({ id: user!.id, name: 'Demo administrator' });
  });

  const mails: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    mailer: { send: async (message) => void mails.push(message) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The simulator calls back here.
  config.publicUrl = origin;
  const base = `${origin}${config.apiPrefix}`;
  const callbackSecret = resolveCallbackSecret(config.mpesa.callbackSecret, config.dataDir);

  const book = await writeDemoBook({
    base,
    admin: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
    callbackSecret,
    invitationLink: async (email) => mails.findLast((mail) => mail.to === email)?.link,
    backdate: async (loanId, days) => {
      await database.db.execute(sql`update loans
        set disbursement_date = disbursement_date - make_interval(days => ${days}),
            due_date = due_date - make_interval(days => ${days}),
            application_date = application_date - make_interval(days => ${days})
        where id = ${loanId}`);
    },
    say,
  });
  await app.close();
  // Signing in over HTTP set up a second factor for the demo admin (administrators must have
  // one); it goes again, so the person who signs in first sets up their own.
  await database.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN_EMAIL));
    if (!admin) return;
    await tx.delete(userFactors).where(eq(userFactors.userId, admin.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'factor-reset' })
      .where(eq(sessions.userId, admin.id));
  });
  await database.close();
  say(`Done: 2 businesses, 4 agents, ${book.borrowers} borrowers, ${book.loans} loans.`);
  printAccounts(superAdmin.created ? superAdmin : undefined);
}

function printAccounts(superAdmin: { email?: string; generatedPassword?: string } | undefined) {
  const lines = [
    '',
    `Sign in at http://localhost:${process.env.PORT ?? 8080} after npm start, with the password ${DEMO_PASSWORD}:`,
    `  Admin   /login/admin   ${ADMIN_EMAIL}`,
    `  Lender  /login/lender  ${LENDER_EMAIL}`,
    `  Agents  /login/agent   ${[0, 1, 2, 3].map(agentEmail).join(', ')}`,
    ...(superAdmin?.generatedPassword
      ? [
          `The super admin ${superAdmin.email} was created too; its password (shown only this once): ${superAdmin.generatedPassword}`,
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
