/**
 * The release check (.ci/run runs it before `npm test`): what `npm run build` made is a
 * release that runs on its own, as docs/operations.md deploys one. It copies dist/,
 * dist-server/ and the package files into an empty folder, installs them with
 * `npm ci --omit=dev` (no build tool, no client package) and starts the compiled server
 * there with node, on PGlite and then on PostgreSQL (TEST_DATABASE_URL's server, when set),
 * each with MIGRATE_ON_START's documented default: PGlite migrates at start; PostgreSQL
 * refuses to start until `npm run db:migrate` has run. On each it checks readiness, an admin
 * sign-in, an agent's read, a loan statement's PDF and the PWA's index.html. Any failure
 * exits non-zero.
 *
 *   npx tsx tests/release/check.ts
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/paths';
import { listening, freePort, startMain } from '../support/main-process';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createPlan,
  registerBorrower,
} from '../support/fixtures';
import { applyForLoan } from '../support/money';
import { call, createPostgresDatabase, type TestServer } from '../support/test-server';

/** What a release is: the two builds and what `npm ci` installs from. */
const releaseFiles = ['dist', 'dist-server', 'package.json', 'package-lock.json'];
/**
 * Build and client packages a lean runtime must not hold. (TypeScript is there all the same:
 * valibot names it as an optional peer, and npm installs an optional peer that the
 * devDependencies also list, --omit=dev or not: npm/cli#7740.)
 */
const notInRuntime = ['vite', 'tsx', 'esbuild', 'react', '@mantine/core', 'vitest'];

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(message: string): never {
  throw new Error(message);
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed:\n${output}`);
  return output;
}

function makeRelease(): string {
  for (const file of releaseFiles) {
    if (!existsSync(path.join(projectRoot, file))) fail(`${file} is missing: run npm run build`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'mkopo-release-'));
  for (const file of releaseFiles) {
    cpSync(path.join(projectRoot, file), path.join(folder, file), { recursive: true });
  }
  const started = Date.now();
  const output = run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], folder);
  if (output.includes('EBADENGINE')) fail(`npm ci warned about engines:\n${output}`);
  const present = notInRuntime.filter((name) =>
    existsSync(path.join(folder, 'node_modules', name)),
  );
  if (present.length > 0) fail(`npm ci --omit=dev installed ${present.join(', ')}`);
  say(
    `ok   npm ci --omit=dev in ${folder} (${Math.round((Date.now() - started) / 1000)} s, no build tool or client package)`,
  );
  return folder;
}

/** Starts the compiled server from the release's folder; what it prints on failure is in the error. */
async function startRelease(folder: string, dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  // NODE_OPTIONS could carry this checker's TypeScript loader into the server.
  const settings = { SERVE_CLIENT: 'true', LOG_LEVEL: 'warn', NODE_OPTIONS: '', ...env };
  return listening(
    startMain(settings, { dataDir, port, launch: { args: ['dist-server/main.js'], cwd: folder } }),
  );
}

async function checkServing(server: TestServer, database: string) {
  const ready = await fetch(`${server.api}/health/ready`);
  if (ready.status !== 200) fail(`${database}: /api/health/ready answered ${ready.status}`);
  say(`ok   ${database}: /api/health/ready answers 200`);

  await adminToken(server);
  say(`ok   ${database}: the admin signs in`);

  const lender = await approvedLender(server, 'Release');
  const agent = await activeAgent(server, lender);
  const businesses = await call(server, 'GET', '/agent/lender-businesses', undefined, agent.token);
  const ids = Array.isArray(businesses.body)
    ? (businesses.body as { id: number }[]).map((business) => business.id)
    : [];
  if (businesses.status !== 200 || !ids.includes(lender.businessId)) {
    fail(
      `${database}: the agent's read answered ${businesses.status} ${JSON.stringify(businesses.body)}`,
    );
  }
  say(`ok   ${database}: an agent signs in and reads its businesses`);

  // pdfkit is loaded at the first statement and reads its font metrics from its package.
  const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  const plan = await createPlan(server, lender);
  const loan = await applyForLoan(server, agent, lender, {
    borrowerId: borrower.id,
    planId: plan.id,
    principal: 1000,
  });
  const statement = await fetch(`${server.api}/loan/${loan.id}/statement.pdf`, {
    headers: { authorization: `Bearer ${lender.token}` },
  });
  const pdf = Buffer.from(await statement.arrayBuffer());
  if (statement.status !== 200 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
    fail(`${database}: a loan's statement.pdf answered ${statement.status}`);
  }
  say(`ok   ${database}: a loan application's statement comes as a PDF`);

  const page = await fetch(`${server.url}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root"')) {
    fail(`${database}: / answered ${page.status} without the PWA's index.html`);
  }
  say(`ok   ${database}: / serves the PWA's index.html`);
}

async function checkPglite(folder: string) {
  const dataDir = path.join(folder, 'data-pglite');
  const running = await startRelease(folder, dataDir, {});
  try {
    await checkServing(running.server, 'PGlite');
  } finally {
    const how = await running.stop('SIGTERM');
    if (how !== 0) fail(`PGlite: the server exited with ${String(how)} on SIGTERM`);
  }
}

async function checkPostgres(folder: string) {
  const database = await createPostgresDatabase();
  const dataDir = path.join(folder, 'data-postgres');
  const env = { DATABASE_URL: database.url };
  try {
    const refused = await startRelease(folder, dataDir, env).then(
      async (running) => {
        await running.stop('SIGTERM');
        return '';
      },
      (error: unknown) => String(error),
    );
    if (!refused.includes('npm run db:migrate')) {
      fail(`PostgreSQL: a start before db:migrate did not refuse: ${refused || 'it started'}`);
    }
    say('ok   PostgreSQL: a start before `npm run db:migrate` refuses, saying to migrate');
    run('npm', ['run', '-s', 'db:migrate'], folder, env);
    say('ok   PostgreSQL: npm run db:migrate');
    const running = await startRelease(folder, dataDir, env);
    try {
      await checkServing(running.server, 'PostgreSQL');
    } finally {
      const how = await running.stop('SIGTERM');
      if (how !== 0) fail(`PostgreSQL: the server exited with ${String(how)} on SIGTERM`);
    }
  } finally {
    await database.drop();
  }
}

const started = Date.now();
let folder: string | undefined;
try {
  folder = makeRelease();
  await checkPglite(folder);
  if (process.env.TEST_DATABASE_URL) await checkPostgres(folder);
  else say('(TEST_DATABASE_URL is not set: the release was checked on PGlite only)');
  say(`The release runs on its own (${Math.round((Date.now() - started) / 1000)} s).`);
} catch (error) {
  process.stderr.write(
    `The release check failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
