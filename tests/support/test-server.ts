/**
 * Starts the real server for a test: Fastify listening on 127.0.0.1 with a fresh
 * database — an in-memory PGlite, or, when TEST_DB=postgres, a new database created on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
import type { MpesaGateway } from '../../server/mpesa/port';
import type { SmsGateway } from '../../server/sms/port';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { users } from '../../server/db/schema';
import { tokenService } from '../../server/lib/jwt';
import { startSession } from '../../server/modules/auth/sessions';
import { migratedPgliteTemplate, migrationsHash } from './pglite-template';

export const ADMIN_EMAIL = 'admin@mkopo.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';
export const TEST_CALLBACK_SECRET = 'test-callback-secret-0123456789';

export type TestServer = {
  /** Replaced by restartApp. */
  app: FastifyInstance;
  url: string;
  api: string;
  config: Config;
  database: Database;
  /** The secret the server signs access tokens with (to forge tokens in tests). */
  jwtSecret: string;
  /** Every line the server logged, parsed. */
  logs: Record<string, unknown>[];
  /** Builds the app again (restartApp); tokens stay valid. */
  rebuild: () => Promise<FastifyInstance>;
  close: () => Promise<void>;
};

/**
 * The PostgreSQL server the tests use: TEST_DATABASE_URL, else DATABASE_URL (so
 * `DATABASE_URL=postgres://… npm run test:server` runs them there, as the README says).
 */
function postgresServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** A PostgreSQL server is configured for the tests (`npm test` then runs them there too). */
export function postgresConfigured(): boolean {
  return postgresServerUrl()?.startsWith('postgres') ?? false;
}

/** TEST_DB=postgres or pglite chooses; unset, a PostgreSQL URL in the environment does. */
export function usingPostgres(): boolean {
  if (process.env.TEST_DB === 'postgres') return true;
  if (process.env.TEST_DB === 'pglite') return false;
  return postgresServerUrl()?.startsWith('postgres') ?? false;
}

/**
 * A new database on the tests' PostgreSQL server (dropped by `drop`): empty, or with
 * `migrated`, a copy of one already migrated (migratedPostgresTemplate).
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  const template = migrated ? await migratedPostgresTemplate(serverUrl) : undefined;
  const name = `mkopo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number, the same in every test process: the lock held while the template is made. */
const TEMPLATE_LOCK_KEY = 0x6d6b6f70;

/** Each PostgreSQL server's template, by its URL. */
const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated database on the tests' PostgreSQL server that test databases are
 * copied from (`create database … template …`): migrating an empty one took 0.6 to 0.8 s
 * on this machine for every test server, a copy about 0.1 s. It is made once per set of
 * migrations (its name holds their hash, as the embedded template's does), by whichever
 * test process comes first while the others wait on an advisory lock, and kept on the
 * server. Nothing ever connects to it after it is made, which a copy requires.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const made = postgresTemplates.get(serverUrl);
  if (made) return made;
  const making = (async () => {
    const name = `mkopo_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Made under another name and renamed when whole: a process killed half-way leaves
        // a stray database, never a half-migrated template.
        const partial = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${partial}`);
        const database = await openDatabase({
          databaseUrl: databaseUrl(serverUrl, partial),
          dataDir: '',
        });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${partial} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
  })();
  postgresTemplates.set(serverUrl, making);
  return making;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    serveClient?: boolean;
    mpesa?: MpesaGateway;
    sms?: SmsGateway;
    /** The server's clock for quiet hours and reminders. */
    now?: () => Date;
    clientDir?: string;
  } = {},
): Promise<TestServer> {
  const pgDatabase = usingPostgres() ? await createPostgresDatabase({ migrated: true }) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-test-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url ?? 'memory://',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SERVE_CLIENT: options.serveClient ? 'true' : 'false',
    LOG_LEVEL: 'info',
    MPESA_SIM_DELAY_MS: '10',
    MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
    ...env,
  });
  // An embedded test database starts as a copy of one already migrated (pglite-template.ts);
  // migrate() then finds nothing to apply.
  const database = await openDatabase({
    ...config,
    ...(config.databaseUrl === 'memory://' ? { startFrom: await migratedPgliteTemplate() } : {}),
  });
  await database.migrate();
  await ensureSuperAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });

  const { logs, stream } = logCollector();
  const jwtSecret = randomBytes(32).toString('hex');
  const rebuild = () =>
    buildApp({
      config,
      database,
      jwtSecret,
      logger: { level: 'info', stream },
      ...(options.mpesa ? { mpesa: options.mpesa } : {}),
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    });
  const app = await rebuild();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // The links the server mails must point at this server.
  config.publicUrl = url;
  const server: TestServer = {
    app,
    url,
    api: `${url}${config.apiPrefix}`,
    config,
    database,
    jwtSecret,
    logs,
    rebuild,
    close: async () => {
      await server.app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A log stream whose lines are parsed into `logs`. */
function logCollector() {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logs, stream };
}

/**
 * Another API instance on the same database, as a second process behind a load balancer
 * would be: same settings and secrets, its own port, log and (on PostgreSQL) its own
 * connection pool. On the embedded database, which belongs to one process, it shares the
 * first instance's database handle. Closing it leaves the first instance and the database.
 */
export async function startSecondInstance(
  first: TestServer,
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<TestServer> {
  const config: Config = {
    ...loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: first.config.dataDir,
      DATABASE_URL: first.config.databaseUrl ?? 'memory://',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'info',
      MPESA_SIM_DELAY_MS: '10',
      MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
      ...env,
    }),
  };
  const ownDatabase = first.database.kind === 'postgres' ? await openDatabase(config) : undefined;
  const database = ownDatabase ?? first.database;
  const { logs, stream } = logCollector();
  const rebuild = () =>
    buildApp({
      config,
      database,
      jwtSecret: first.jwtSecret,
      logger: { level: 'info', stream },
      ...(options.now ? { now: options.now } : {}),
    });
  const app = await rebuild();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;
  const server: TestServer = {
    app,
    url,
    api: `${url}${config.apiPrefix}`,
    config,
    database,
    jwtSecret: first.jwtSecret,
    logs,
    rebuild,
    close: async () => {
      await server.app.close();
      await ownDatabase?.close();
    },
  };
  return server;
}

/**
 * A restart: the app stops (its timers and the simulator's loop with it) and a new one
 * starts on the same database, config and port, as `npm start` after a stop would.
 * `before` runs while no app is up (to change the config, or let time pass).
 */
export async function restartApp(
  server: TestServer,
  before: () => Promise<void> | void = () => undefined,
): Promise<void> {
  await server.app.close();
  await before();
  const app = await server.rebuild();
  await app.listen({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
  server.app = app;
}

/**
 * The link in the newest mail the server saved for this address (DATA_DIR/mail, the
 * folder mailer used when SMTP_URL is unset).
 */
export function lastMailedLink(server: TestServer, to: string): string | undefined {
  const dir = path.join(server.config.dataDir, 'mail');
  if (!existsSync(dir)) return undefined;
  // The names sort in the order the mails were saved.
  for (const name of readdirSync(dir).sort().reverse()) {
    const mail = readFileSync(path.join(dir, name), 'utf8');
    const blankLine = mail.indexOf('\r\n\r\n');
    const head = mail.slice(0, blankLine);
    const body = mail.slice(blankLine + 4);
    if (!head.split('\r\n').includes(`To: ${to}`)) continue;
    return /^https?:\/\/\S+/m.exec(body)?.[0];
  }
  return undefined;
}

/** A multipart request over real HTTP (fields as text, files as Blobs). */
export async function callForm(
  server: TestServer,
  method: string,
  path: string,
  fields: Record<string, string | number | boolean>,
  files: Record<string, { bytes: Uint8Array; name: string; type?: string }>,
  token?: string,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in call()
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], {
        type: file.type ?? 'application/octet-stream',
      }),
      file.name,
    );
  }
  const response = await fetch(`${server.api}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

/**
 * A second factor test support enrolled, by server and email: its secret, the newest time
 * step whose code was used (a code is accepted once) and the recovery codes not used yet.
 */
type KnownFactor = { secret: string; lastStep: number; recoveryCodes: string[] };
const knownFactors = new Map<string, KnownFactor>();
const factorKey = (server: TestServer, email: string) => `${server.api} ${email}`;

const TOTP_PERIOD_MS = 30_000;

/** The 6-digit code of a TOTP secret (base32) for a time step, as an authenticator app shows it. */
export function totpCode(secret: string, step = Math.floor(Date.now() / TOTP_PERIOD_MS)): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: step * TOTP_PERIOD_MS,
  });
}

/**
 * A code the server has not accepted yet for a factor test support knows: the app's code of
 * now's step or the next (the server accepts one step either side) after the last used; when
 * those are used up, a recovery code; when those are too, the next step once it comes.
 */
export async function nextFactorCode(server: TestServer, email: string): Promise<string> {
  const known = knownFactors.get(factorKey(server, email));
  if (!known) throw new Error(`test support does not know the second factor of ${email}`);
  // Now's step or the next: a code made near the end of a step is still accepted a step
  // later (the server takes one step either side), however slowly it travels.
  const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
  let step = Math.max(now, known.lastStep + 1);
  if (step > now + 1) {
    const recovery = known.recoveryCodes.shift();
    if (recovery) return recovery;
    // Every code of the window is used: wait for the next step.
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * TOTP_PERIOD_MS - Date.now()));
    step = Math.max(Math.floor(Date.now() / TOTP_PERIOD_MS), known.lastStep + 1);
  }
  known.lastStep = step;
  return totpCode(known.secret, step);
}

/** The second factor test support enrolled for this email on this server, if any. */
export function knownFactorSecret(server: TestServer, email: string): string | undefined {
  return knownFactors.get(factorKey(server, email))?.secret;
}

/**
 * Sets up a second factor through the real calls with a session that must (or may) have
 * one, and remembers it so later sign-ins can answer their code step.
 */
export async function enrolSecondFactor(
  server: TestServer,
  email: string,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await call(server, 'POST', '/auth/second-factor/enrol', undefined, token);
  if (started.status !== 200) throw new Error(`enrol ${email}: ${JSON.stringify(started.body)}`);
  const secret = started.body.secret as string;
  const known: KnownFactor = { secret, lastStep: 0, recoveryCodes: [] };
  knownFactors.set(factorKey(server, email), known);
  const confirmed = await call(
    server,
    'POST',
    '/auth/second-factor/confirm',
    { code: await nextFactorCode(server, email) },
    token,
  );
  if (confirmed.status !== 200)
    throw new Error(`confirm ${email}: ${JSON.stringify(confirmed.body)}`);
  known.recoveryCodes = [...(confirmed.body.recoveryCodes as string[])];
  return { secret, recoveryCodes: [...known.recoveryCodes] };
}

/** Forgets what test support knew of a factor (after it was reset or turned off). */
export function forgetSecondFactor(server: TestServer, email: string): void {
  knownFactors.delete(factorKey(server, email));
}

/**
 * Signs in through the real login endpoint and answers the access token. An account with a
 * second factor test support knows answers its code step; an administrator without one
 * sets one up first (administrators must), so every test can sign in as the admin.
 */
export async function login(
  server: TestServer,
  role: 'lender' | 'agent' | 'admin',
  email: string,
  password: string,
): Promise<string> {
  const res = await call(server, 'POST', `/auth/${role}/login`, { email, password });
  if (res.status !== 200)
    throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.secondFactor) {
    const answered = await call(server, 'POST', `/auth/${role}/login/second-factor`, {
      challengeToken: res.body.secondFactor.challengeToken,
      code: await nextFactorCode(server, email),
    });
    if (answered.status !== 200)
      throw new Error(
        `code step of ${email} failed: ${answered.status} ${JSON.stringify(answered.body)}`,
      );
    return answered.body.token.accessToken as string;
  }
  const token = res.body.token.accessToken as string;
  if (res.body.enrolSecondFactor) await enrolSecondFactor(server, email, token);
  return token;
}

/**
 * A new session for a user who has signed in before, opened by the server's own
 * `startSession` as a completed sign-in (password, then code) opens it. For a walk that
 * logs an administrator out again and again: each real sign-in would spend a code of the
 * authenticator, which the server accepts once, and wait half a minute for the next.
 */
export async function freshSession(server: TestServer, email: string): Promise<string> {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const tokens = tokenService(server.jwtSecret, server.config.jwtTtlSeconds);
  return startSession(server.database.db, tokens, user, new Date());
}

/** JSON over real HTTP. */
export async function call(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
  // The body is whatever JSON the endpoint answers; each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.api}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}
