/**
 * `npm run bench:loans`: how the lender's Loans page behaves with 10,000 loans in one
 * business (the README's "Performance": tables stay fast with 10,000 loans). Starts the real server
 * on PGlite with the built PWA, clones one applied loan into 10,000 (borrowers included) with
 * set-based SQL, then prints: the list API's latency and payload, and in Chromium the time from
 * navigation to the first row, to a loan-code search result, and to the next page. Prints figures
 * only; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startE2E } from '../tests/e2e/support';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
} from '../tests/support/fixtures';
import { call } from '../tests/support/test-server';
import { buildClientIfStale } from '../build/client-build';
import type { Db } from '../server/db/client';

const LOANS = Number(process.env.LOANS ?? 10_000);
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function columnsOf(db: Db, table: string) {
  const answer = await db.execute(
    sql`select column_name from information_schema.columns where table_name = ${table} and column_name <> 'id' order by ordinal_position`,
  );
  return (answer as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
}

buildClientIfStale((line) => console.log(line));
const e2e = await startE2E();
try {
  const { server } = e2e;
  const db = server.database.db;
  const lender = await approvedLender(server);
  const cycle = await createCycle(server, lender, 7);
  const plan = await createPlan(server, lender, { repaymentCycleId: cycle.id, durationInDays: 28 });
  const agent = await activeAgent(server, lender);
  const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  const applied = await call(
    server,
    'POST',
    '/loan/apply',
    {
      borrowerId: borrower.id,
      lenderLoanPlanId: plan.id,
      principalAmount: 5000,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  if (applied.status !== 201) throw new Error(JSON.stringify(applied.body));
  const templateLoanId = applied.body.data.id as number;

  // Clone the borrower and the loan; statuses spread over the tabs.
  let started = performance.now();
  const borrowerColumns = await columnsOf(db, 'borrowers');
  const borrowerValues = borrowerColumns.map((column) => {
    if (column === 'phone_number') return `'2547' || lpad(g::text, 8, '0')`;
    if (column === 'id_number') return `'9' || lpad(g::text, 8, '0')`;
    if (column === 'first_name') return `'Borrower'`;
    if (column === 'last_name') return `'No ' || g`;
    return `"${column}"`;
  });
  await db.execute(
    sql.raw(
      `insert into borrowers (${borrowerColumns.map((c) => `"${c}"`).join(', ')})
       select ${borrowerValues.join(', ')} from borrowers, generate_series(1, ${LOANS - 1}) g
       where id = ${borrower.id}`,
    ),
  );
  const loanColumns = await columnsOf(db, 'loans');
  const statuses = `(array['pending','active','repaid','repaid','default','written_off','rejected','active'])[1 + g % 8]`;
  const loanValues = loanColumns.map((column) => {
    if (column === 'loan_code') return `'Z' || lpad(upper(to_hex(g)), 7, '0')`;
    if (column === 'status') return statuses;
    if (column === 'borrower_id') return 'b.id';
    if (column === 'application_date') return `now() - (g % 365) * interval '1 day'`;
    return `l."${column}"`;
  });
  await db.execute(
    sql.raw(
      `insert into loans (${loanColumns.map((c) => `"${c}"`).join(', ')})
       select ${loanValues.join(', ')}
       from loans l,
         (select id, substr(id_number, 2)::int as g from borrowers
          where lender_business_id = ${lender.businessId} and id_number like '9________') b
       where l.id = ${templateLoanId}`,
    ),
  );
  console.log(
    `Seeded ${LOANS.toLocaleString('en-KE')} loans in ${Math.round(performance.now() - started)} ms`,
  );

  // The list API the Loans page reads.
  const apiTimes: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    started = performance.now();
    const response = await fetch(`${server.api}/loan/from-lender-business/${lender.businessId}`, {
      headers: { authorization: `Bearer ${lender.token}` },
    });
    const body = await response.text();
    apiTimes.push(performance.now() - started);
    bytes = body.length;
  }

  const pageApiTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    started = performance.now();
    await fetch(
      `${server.api}/loan/from-lender-business/${lender.businessId}?page=${round + 2}&limit=10`,
      { headers: { authorization: `Bearer ${lender.token}` } },
    ).then((response) => response.text());
    pageApiTimes.push(performance.now() - started);
  }

  // The page in Chromium.
  const pageTimes = { firstRow: [] as number[], search: [] as number[], nextPage: [] as number[] };
  for (let round = 0; round < 3; round += 1) {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.evaluate(
      ({ token, business }) => {
        localStorage.setItem('jwt', token);
        localStorage.setItem('mkopo-selected-business', JSON.stringify(business));
      },
      { token: lender.token, business: { id: lender.businessId, businessName: 'Bench' } },
    );
    started = performance.now();
    await page.goto('/dashboard/loans');
    await page
      .locator('tbody tr')
      .filter({ hasText: /Z0|[A-Z0-9]{8}/ })
      .first()
      .waitFor();
    pageTimes.firstRow.push(performance.now() - started);

    // Timed from the input or the click itself, not from Playwright's actionability waits.
    const search = page.getByPlaceholder('Loan code');
    await search.waitFor();
    started = performance.now();
    await search.fill('Z00000FF');
    await page.locator('tbody tr', { hasText: 'Z00000FF' }).first().waitFor();
    pageTimes.search.push(performance.now() - started);
    await search.fill('');
    await page.locator('tbody tr', { hasNotText: 'Z00000FF' }).first().waitFor();

    const next = page.getByRole('button', { name: /next page/i });
    await next.waitFor();
    const firstCode = await page.locator('tbody tr').first().innerText();
    started = performance.now();
    await next.evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(
      (before) => document.querySelector('tbody tr')?.textContent !== before,
      firstCode,
    );
    pageTimes.nextPage.push(performance.now() - started);
    await page.context().close();
  }

  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  console.log(`\nLoans page with ${LOANS.toLocaleString('en-KE')} loans (median):`);
  console.log(
    `  GET /loan/from-lender-business (all) ${ms(apiTimes)}  (${(bytes / 1024 / 1024).toFixed(1)} MiB JSON)`,
  );
  console.log(`  GET …?page=N&limit=10 (what the page reads)  ${ms(pageApiTimes)}`);
  console.log(`  navigation → first row in Chromium  ${ms(pageTimes.firstRow)}`);
  console.log(`  loan-code search → matching row     ${ms(pageTimes.search)}`);
  console.log(`  next page                           ${ms(pageTimes.nextPage)}`);
} finally {
  await e2e.close();
}
