/**
 * Stopping like a service: the real server (dist-server/main.js, as `npm start` runs it) gets
 * SIGTERM while a request is in flight (its body arrives slowly). It stops accepting at
 * once, answers that request, stops its jobs, closes its database and exits 0 within 10 s;
 * a request that never finishes is cut so the stop still ends in time. On the embedded
 * database, and on PostgreSQL when configured; afterwards the database is opened directly
 * to find the answered request's work (and, embedded, that its lock was given back).
 */
import { connect } from 'node:net';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { listening, freePort, startMain, type MainProcess } from '../support/main-process';
import { createPostgresDatabase, usingPostgres } from '../support/test-server';

vi.setConfig({ testTimeout: 90_000 });

/** The operator's bound: SIGTERM to exit. */
const STOPS_WITHIN_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The server on a fresh database of the kind the tests run on, with its jobs on. */
  async function start(): Promise<{
    running: MainProcess;
    databaseUrl: string | undefined;
    dataDir: string;
  }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = usingPostgres() ? await createPostgresDatabase() : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const running = await listening(
      startMain(
        {
          ...(postgres ? { DATABASE_URL: postgres.url, MIGRATE_ON_START: 'true' } : {}),
          JOBS_ENABLED: 'true',
        },
        { dataDir, port: await freePort() },
      ),
    );
    cleanups.push(() => {
      if (running.child.exitCode === null && running.child.signalCode === null)
        running.child.kill('SIGKILL');
    });
    return { running, databaseUrl: postgres?.url, dataDir };
  }

  /**
   * A registration whose body is sent in two parts: the first now, the rest when `finish`
   * is called. Its answer (status and JSON) resolves `answer`.
   */
  function slowRegistration(url: string, email: string) {
    const body = JSON.stringify({ email, password: 'Lender#2026' });
    const cut = Math.floor(body.length / 2);
    let sending!: ClientRequest;
    const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      sending = httpRequest(
        `${url}/api/auth/lender/register`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
          );
        },
      );
      sending.on('error', reject);
    });
    sending.write(body.slice(0, cut));
    return { answer, finish: () => sending.end(body.slice(cut)) };
  }

  /** True once a new connection to the port is refused. */
  async function refusesConnections(url: string): Promise<boolean> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
  }

  async function userExists(databaseUrl: string | undefined, dataDir: string, email: string) {
    // Embedded: this opens only if the stopped server gave its lock back.
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      const rows = await database.db.select().from(users).where(eq(users.email, email));
      return rows.length === 1;
    } finally {
      await database.close();
    }
  }

  it('stops accepting, answers the request in flight, then exits 0 within 10 s', async () => {
    const { running, databaseUrl, dataDir } = await start();
    const email = `shutdown-${Date.now()}@example.co.ke`;
    const slow = slowRegistration(running.server.url, email);
    // The request has reached the server and waits for the rest of its body.
    await pause(300);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    for (let tries = 0; !(await refusesConnections(running.server.url)); tries += 1) {
      expect(tries).toBeLessThan(50);
      await pause(20);
    }
    // Still answering the one it had.
    await pause(500);
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(201);
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(STOPS_WITHIN_MS);
    expect(await userExists(databaseUrl, dataDir, email)).toBe(true);
  });

  it('cuts a request that never finishes, and still exits 0 within 10 s', async () => {
    const { running, databaseUrl, dataDir } = await start();
    const email = `stalled-${Date.now()}@example.co.ke`;
    const stalled = slowRegistration(running.server.url, email);
    const cut = stalled.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await pause(300);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(STOPS_WITHIN_MS);
    expect(await cut).toBe('cut');
    expect(await userExists(databaseUrl, dataDir, email)).toBe(false);
  });
});
