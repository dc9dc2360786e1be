/**
 * `npm run bench:data`: the bytes an agent's morning refresh costs on the wire. A business
 * with 1,000 borrowers and a few loans is made through the API; the built app is opened
 * in Chromium as its agent and walks every mirrored screen, and the API GETs it made (read
 * from the server's log) are then replayed over raw HTTP, counting status line, headers
 * and body as sent:
 * - before: plain JSON, no ETag (how the API answered until compression and ETags);
 * - cold: compressed (the browser's Accept-Encoding), no tag held yet;
 * - warm: the same GETs again with the ETags the cold pass got (the mirrors send them),
 *   nothing changed overnight: every answer is a 304.
 * Prints figures; asserts nothing. Target (the README's "Performance"): brotli/gzip for JSON
 * of 1 KB or more, 304 on every GET the mirrors refresh.
 */
import { request as httpRequest } from 'node:http';
import { buildClientIfStale } from '../build/client-build';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
} from '../tests/support/fixtures';
import { deposit, disbursedLoan } from '../tests/support/money';
import type { TestServer } from '../tests/support/test-server';
import { requestsThroughCable, startE2E } from '../tests/e2e/support';

const BORROWERS = Number(process.env.BORROWERS ?? 1_000);
const LOANS = 20;
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

type Answer = { status: number; bytes: number; etag: string | undefined };

/** One GET over raw HTTP: the bytes of the status line, headers and body as sent. */
function get(server: TestServer, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url, server.url), { headers }, (res) => {
      let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        bytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
      }
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag ?? undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  buildClientIfStale(() => undefined);
  const e2e = await startE2E({ LOG_LEVEL: 'info' });
  const { server } = e2e;
  try {
    const lender = await approvedLender(server, 'Data');
    const agent = await activeAgent(server, lender);
    const cycle = await createCycle(server, lender, 7);
    const plan = await createPlan(server, lender, { repaymentCycleId: cycle.id });
    await deposit(server, lender, 1_000_000);
    const seedStart = performance.now();
    const borrowerIds: number[] = [];
    for (let i = 0; i < BORROWERS; i += 1) {
      const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
      borrowerIds.push(borrower.id);
    }
    let loanId = 0;
    for (let i = 0; i < LOANS; i += 1) {
      const loan = await disbursedLoan(server, agent, lender, {
        borrowerId: borrowerIds[i]!,
        planId: plan.id,
        principal: 5_000,
      });
      loanId = loan.id;
    }
    console.log(
      `Seeded ${BORROWERS} borrowers and ${LOANS} loans in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // The agent's screens, as the app loads them.
    const page = await e2e.newPage();
    await page.goto('/');
    await page.evaluate(
      ({ token, business }) => {
        localStorage.setItem('jwt', token);
        localStorage.setItem('mkopo-selected-business', JSON.stringify(business));
      },
      { token: agent.token, business: { id: lender.businessId, businessName: 'Data Capital' } },
    );
    const from = server.logs.length;
    const screens = [
      '/dashboard',
      '/dashboard/borrowers',
      `/dashboard/borrowers/${borrowerIds[0]}`,
      '/dashboard/loan-application',
      '/dashboard/follow-up',
      `/dashboard/follow-up/${loanId}`,
      '/dashboard/agent/profile',
    ];
    for (const screen of screens) {
      await page.goto(screen);
      await page.waitForLoadState('networkidle');
    }
    const urls = [
      ...new Set(
        requestsThroughCable(server, from)
          .filter((line) => line.startsWith('GET /api/'))
          .map((line) => line.slice('GET '.length)),
      ),
    ];
    // Signed file links change at every request: they are not part of what a mirror refreshes.
    const mirrored = urls.filter((url) => !url.includes('presigned-url'));

    const auth = { authorization: `Bearer ${agent.token}` };
    const rows: { url: string; before: number; cold: number; warm: number; status: number }[] = [];
    for (const url of mirrored) {
      const before = await get(server, url, { ...auth, 'accept-encoding': 'identity' });
      const cold = await get(server, url, { ...auth, 'accept-encoding': BROWSER_ENCODING });
      const warm = await get(server, url, {
        ...auth,
        'accept-encoding': BROWSER_ENCODING,
        ...(cold.etag ? { 'if-none-match': cold.etag } : {}),
      });
      rows.push({
        url,
        before: before.bytes,
        cold: cold.bytes,
        warm: warm.bytes,
        status: warm.status,
      });
    }

    console.log(`\nThe agent's mirrored GETs (${mirrored.length}), bytes on the wire:`);
    console.log('  before    cold      warm      url');
    for (const row of rows.sort((a, b) => b.before - a.before)) {
      console.log(
        `  ${kb(row.before).padEnd(9)} ${kb(row.cold).padEnd(9)} ${kb(row.warm).padEnd(9)} ${row.url}${row.status === 304 ? '' : ` (warm: ${row.status})`}`,
      );
    }
    const sum = (key: 'before' | 'cold' | 'warm') => rows.reduce((t, row) => t + row[key], 0);
    const notModified = rows.filter((row) => row.status === 304).length;
    console.log(
      `\nMorning refresh, ${BORROWERS} borrowers: before ${kb(sum('before'))}, cold ${kb(sum('cold'))}, warm ${kb(sum('warm'))}`,
    );
    console.log(`Warm answers that were 304: ${notModified} of ${rows.length} (target: all)`);
  } finally {
    await e2e.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
