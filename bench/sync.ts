/**
 * `npm run bench:sync`: how long the sync engine takes to drain an agent's outbox into a
 * local server — 1,000 follow-ups and 100 borrower registrations with a 200 KB photo
 * each — and whether anything arrived twice. The real server (PGlite in memory) runs in
 * a process of its own on 127.0.0.1, as the phone and the server are different machines
 * (`--in-process` runs it in this one, as the bench did before, to compare); the outbox
 * lives in fake-indexeddb, as in the offline tests. Prints figures; asserts nothing.
 * Target (the README's "Performance"): 6 s with zero duplicates. BENCH_CPU_PROF=<dir> profiles the
 * server.
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { jwtDecode } from 'jwt-decode';
import { OfflineDb } from '../src/offline/db';
import { enqueue, userItems } from '../src/offline/outbox';
import { DRAIN_CONCURRENCY, drainOutbox } from '../src/offline/sync-engine';
import { PNG } from '../tests/support/files';
import {
  activeAgent,
  approvedLender,
  consentFields,
  createCycle,
  createPlan,
  registerBorrower,
} from '../tests/support/fixtures';
import { deposit, disbursedLoan } from '../tests/support/money';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { startServerProcess } from './support/server-process';

const { values } = parseArgs({
  options: {
    'in-process': { type: 'boolean', default: false },
    'follow-ups': { type: 'string', default: '1000' },
    borrowers: { type: 'string', default: '100' },
    /** Requests in flight at once (the engine's DRAIN_CONCURRENCY unless given). */
    concurrency: { type: 'string' },
  },
});

const FOLLOW_UPS = Number(values['follow-ups']);
const BORROWERS = Number(values.borrowers);
const PHOTO_BYTES = 200 * 1024;

/** A real PNG's bytes followed by padding up to 200 KB: accepted by content, realistic in size. */
function photo(): Blob {
  const bytes = new Uint8Array(PHOTO_BYTES);
  bytes.set(PNG);
  for (let i = PNG.length; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
  return new Blob([bytes], { type: 'image/png' });
}

type Rows = Record<string, unknown>[];

/** The server, where it runs, and a way to read its database at the end. */
async function startServer(): Promise<{
  server: TestServer;
  query: (sql: string) => Promise<Rows>;
  /** The server process's CPU time so far, in ms; null when it is this process. */
  cpuMs: () => Promise<number | null>;
  close: () => Promise<void>;
}> {
  const env = { LOG_LEVEL: 'silent', UPLOAD_MAX_BYTES: '1048576' };
  if (!values['in-process']) return startServerProcess(env);
  const server = await startTestServer(env);
  return {
    server,
    query: async (query) =>
      ((await server.database.db.execute(query)) as unknown as { rows: Rows }).rows,
    cpuMs: async () => null,
    close: server.close,
  };
}

async function main() {
  const { server, query, cpuMs, close } = await startServer();
  try {
    const lender = await approvedLender(server, 'Bench');
    const agent = await activeAgent(server, lender);
    const userId = jwtDecode<{ id: number }>(agent.token).id;
    const cycle = await createCycle(server, lender, 7);
    const plan = await createPlan(server, lender, { repaymentCycleId: cycle.id });
    await deposit(server, lender, 100_000);
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const { id: loanId } = await disbursedLoan(server, agent, lender, {
      borrowerId: borrower.id,
      planId: plan.id,
      principal: 5_000,
    });

    const db = new OfflineDb('mkopo-bench');
    const queueStart = performance.now();
    const image = photo();
    for (let i = 0; i < BORROWERS; i += 1) {
      await enqueue(db, {
        userId,
        kind: 'borrower',
        lenderBusinessId: lender.businessId,
        label: `Borrower ${i}`,
        withTempId: true,
        request: {
          method: 'POST',
          path: '/borrower/register',
          form: {
            fields: {
              firstName: 'Bench',
              lastName: `Borrower${i}`,
              phoneNumber: `0799${String(i).padStart(6, '0')}`,
              lenderBusinessId: String(lender.businessId),
              lenderBusinessAreaId: String(agent.areaId),
              gender: 'female',
              dob: '1990-01-01',
              nextOfKinName: 'Kin Bench',
              nextOfKinNumber: '0711000000',
              nextOfKinRelation: 'Sister',
              idNumber: `880${String(i).padStart(5, '0')}`,
              ...consentFields(),
            },
            files: { passportPhoto: { blob: image, name: `photo-${i}.png` } },
          },
        },
      });
    }
    for (let i = 0; i < FOLLOW_UPS; i += 1) {
      await enqueue(db, {
        userId,
        kind: 'followUp',
        lenderBusinessId: lender.businessId,
        label: `Follow-up ${i}`,
        withTempId: true,
        request: {
          method: 'POST',
          path: '/follow-up',
          json: { loanId, comment: `Bench follow-up number ${i}` },
        },
      });
    }
    const queuedMs = performance.now() - queueStart;

    const drainStart = performance.now();
    const clientCpuStart = process.cpuUsage();
    const serverCpuStart = await cpuMs();
    let passes = 0;
    for (;;) {
      passes += 1;
      const result = await drainOutbox({
        db,
        baseUrl: server.api,
        session: () => ({ userId, token: agent.token }),
        ...(values.concurrency ? { concurrency: Number(values.concurrency) } : {}),
      });
      if (!result || (await userItems(db, userId)).length === 0) break;
      if (result.parked) throw new Error(`${result.parked} items were refused`);
      if (result.retryAt) await new Promise((r) => setTimeout(r, result.retryAt! - Date.now()));
    }
    const drainMs = performance.now() - drainStart;
    const clientCpu = process.cpuUsage(clientCpuStart);
    const serverCpuEnd = await cpuMs();
    const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
    const serverCpuMs =
      serverCpuStart === null || serverCpuEnd === null ? null : serverCpuEnd - serverCpuStart;

    const countOf = async (sql: string) => Number((await query(sql))[0]?.n ?? 0);
    const borrowerCount = await countOf(
      `select count(*) as n from borrowers where first_name = 'Bench'`,
    );
    const followUpCount = await countOf(
      `select count(*) as n from follow_ups where loan_id = ${Number(loanId)}`,
    );
    const items = BORROWERS + FOLLOW_UPS;
    const seconds = drainMs / 1000;
    process.stdout.write(
      [
        `Queued ${BORROWERS} borrower registrations (${PHOTO_BYTES / 1024} KB photo each) and ${FOLLOW_UPS} follow-ups in ${(queuedMs / 1000).toFixed(1)} s`,
        `Drained ${items} items in ${seconds.toFixed(1)} s (${(items / seconds).toFixed(0)} items/s, ${passes} drain pass${passes === 1 ? '' : 'es'}, ${values.concurrency ?? DRAIN_CONCURRENCY} at a time; server ${values['in-process'] ? 'in this process' : 'in its own process'}); target 6 s`,
        `CPU time of the drain: ${serverCpuMs === null ? `${(clientCpuMs / 1000).toFixed(1)} s (client and server)` : `client ${(clientCpuMs / 1000).toFixed(1)} s, server ${(serverCpuMs / 1000).toFixed(1)} s`}`,
        `On the server: ${borrowerCount} borrowers (expected ${BORROWERS}), ${followUpCount} follow-ups (expected ${FOLLOW_UPS}); duplicates: ${borrowerCount - BORROWERS + followUpCount - FOLLOW_UPS}`,
      ].join('\n') + '\n',
    );
  } finally {
    await close();
  }
}

await main();
