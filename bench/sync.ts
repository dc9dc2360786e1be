/**
 * `npm run bench:sync`: how long the sync engine takes to drain an agent's outbox into a
 * local server — 1,000 follow-ups and 100 borrower registrations with a 200 KB photo
 * each — and whether anything arrived twice. The real server (PGlite in memory) listens
 * on 127.0.0.1; the outbox lives in fake-indexeddb, as in the offline tests. Prints
 * figures; asserts nothing. Target (issue 7): under 60 s with zero duplicates.
 */
import 'fake-indexeddb/auto';
import { count, eq } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { borrowers, followUps } from '../server/db/schema';
import { OfflineDb } from '../src/offline/db';
import { enqueue, userItems } from '../src/offline/outbox';
import { drainOutbox } from '../src/offline/sync-engine';
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
import { startTestServer } from '../tests/support/test-server';

const FOLLOW_UPS = 1_000;
const BORROWERS = 100;
const PHOTO_BYTES = 200 * 1024;

/** A real PNG's bytes followed by padding up to 200 KB: accepted by content, realistic in size. */
function photo(): Blob {
  const bytes = new Uint8Array(PHOTO_BYTES);
  bytes.set(PNG);
  for (let i = PNG.length; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
  return new Blob([bytes], { type: 'image/png' });
}

async function main() {
  const server = await startTestServer({ LOG_LEVEL: 'silent', UPLOAD_MAX_BYTES: '1048576' });
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
    let passes = 0;
    for (;;) {
      passes += 1;
      const result = await drainOutbox({
        db,
        baseUrl: server.api,
        session: () => ({ userId, token: agent.token }),
      });
      if (!result || (await userItems(db, userId)).length === 0) break;
      if (result.parked) throw new Error(`${result.parked} items were refused`);
      if (result.retryAt) await new Promise((r) => setTimeout(r, result.retryAt! - Date.now()));
    }
    const drainMs = performance.now() - drainStart;

    const [borrowerRows] = await server.database.db
      .select({ n: count() })
      .from(borrowers)
      .where(eq(borrowers.firstName, 'Bench'));
    const [followUpRows] = await server.database.db
      .select({ n: count() })
      .from(followUps)
      .where(eq(followUps.loanId, loanId));
    const items = BORROWERS + FOLLOW_UPS;
    const seconds = drainMs / 1000;
    process.stdout.write(
      [
        `Queued ${BORROWERS} borrower registrations (${PHOTO_BYTES / 1024} KB photo each) and ${FOLLOW_UPS} follow-ups in ${(queuedMs / 1000).toFixed(1)} s`,
        `Drained ${items} items in ${seconds.toFixed(1)} s (${(items / seconds).toFixed(0)} items/s, ${passes} drain pass${passes === 1 ? '' : 'es'}); target < 60 s`,
        `On the server: ${borrowerRows?.n ?? 0} borrowers (expected ${BORROWERS}), ${followUpRows?.n ?? 0} follow-ups (expected ${FOLLOW_UPS}); duplicates: ${(borrowerRows?.n ?? 0) - BORROWERS + (followUpRows?.n ?? 0) - FOLLOW_UPS}`,
      ].join('\n') + '\n',
    );
  } finally {
    await server.close();
  }
}

await main();
