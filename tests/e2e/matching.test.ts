/**
 * Money coming in, in Chromium (manual matching, fines, repayments): a borrower mistypes the loan code on M-Pesa, the lender finds the
 * payment under Unmatched Repayments and matches it to the loan in the dialog (a match
 * that fails shows the server's sentence); the Repayments page lists it and its cards
 * add up; after the fines job runs for a day past an instalment's due date, the Fines
 * page shows the fines, Unpaid, and the loan-code filter narrows and clears. Lender, loans and payments are set up through the API and
 * the simulator's real callback routes.
 */
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../../server/db/schema';
import { runFines } from '../../server/jobs/fines';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { deposit, eventually, ledgerViolations, loanStatus, pay } from '../support/money';
import { call } from '../support/test-server';
import { startE2E, type E2E, signIn } from './support';

type ActiveLoan = { id: number; loanCode: string };

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let planId: number;
let amina: ActiveLoan; // 2,000 principal: 2,200 owed in four weekly instalments of 550
let kevin: ActiveLoan; // 1,000 principal: 1,100 owed in four weekly instalments of 275

async function activeLoan(firstName: string, principal: number): Promise<ActiveLoan> {
  const borrower = await registerBorrower(
    e2e.server,
    agent.token,
    lender.businessId,
    agent.areaId,
    { firstName, lastName: 'Mwangi' },
  );
  const applied = await call(
    e2e.server,
    'POST',
    '/loan/apply',
    {
      borrowerId: borrower.id,
      lenderLoanPlanId: planId,
      principalAmount: principal,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  expect(applied.status).toBe(201);
  const loan = applied.body.data as ActiveLoan;
  const approved = await call(
    e2e.server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
  expect(approved.status).toBe(200);
  await eventually(async () => (await loanStatus(e2e.server, lender, loan.id)).status === 'active');
  return { id: loan.id, loanCode: loan.loanCode };
}

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Wanjiru');
  agent = await activeAgent(e2e.server, lender);
  const cycle = await createCycle(e2e.server, lender, 7);
  planId = (
    await createPlan(e2e.server, lender, {
      repaymentCycleId: cycle.id,
      durationInDays: 28,
      interestRate: 10,
      processingFee: 2,
      fineRateWithinLoanPeriod: 5,
      fineRateOverLoanPeriod: 2,
      gracePeriodWithinLoanPeriod: 2,
      gracePeriodOverLoanPeriod: 3,
    })
  ).id;
  await deposit(e2e.server, lender, 10_000);
  amina = await activeLoan('Amina', 2000);
  kevin = await activeLoan('Kevin', 1000);

  // Amina mistypes her loan code twice over; Kevin types his right.
  const mistyped = amina.loanCode.slice(0, -1);
  expect(
    (
      await pay(e2e.server, {
        paybill: lender.paybill,
        account: mistyped,
        amount: 1000,
        transId: 'RKE2E00001',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await pay(e2e.server, {
        paybill: lender.paybill,
        account: '0712345678',
        amount: 50,
        transId: 'RKE2E00002',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await pay(e2e.server, {
        paybill: lender.paybill,
        account: kevin.loanCode,
        amount: 300,
        transId: 'RKE2E00003',
      })
    ).status,
  ).toBe(200);
});

afterAll(async () => {
  await e2e?.close();
});

/** The row (desktop table) that shows `text`. */
function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

async function cardShows(page: Page, title: string, value: string) {
  await page.getByRole('region', { name: title }).getByText(value, { exact: true }).waitFor();
}

async function chooseCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Loan Code' }).click();
  await page.getByRole('option', { name: code, exact: true }).click();
}

describe('matching, repayments and fines in Chromium', () => {
  let page: Page;

  beforeAll(async () => {
    page = await e2e.newPage();
    await signIn(page, {
      role: 'lender',
      email: lender.email,
      password: 'Lender#2026',
      selectBusiness: true,
    });
  });

  it('the lender matches a mistyped payment to its loan in the dialog', async () => {
    await page.goto('/dashboard/manual-match');
    await page.getByRole('heading', { name: 'Manual Match Management' }).waitFor();

    // Every payment under MPesa Repayments; Kevin's went to his loan at once.
    await rowWith(page, 'RKE2E00003').getByText('Matched', { exact: true }).waitFor();
    await rowWith(page, 'RKE2E00001').getByText('Unmatched', { exact: true }).waitFor();

    await page.getByRole('tab', { name: /^Unmatched Repayments/ }).click();
    await page
      .getByRole('region', { name: 'How to match a repayment' })
      .getByText(/When they mistype it, no loan has that code/)
      .waitFor();
    await rowWith(page, 'RKE2E00001').getByText('Ksh 1,000.00').waitFor();
    await rowWith(page, 'RKE2E00002').waitFor();
    expect(await rowWith(page, 'RKE2E00003').count()).toBe(0);

    await page.getByRole('button', { name: 'Match Repayments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Repayments' });
    const match = dialog.getByRole('button', { name: 'Match', exact: true });
    expect(await match.isDisabled()).toBe(true);
    // The repayment list is at most 200px high and scrolls.
    expect(
      await dialog
        .getByTestId('repayment-choices')
        .evaluate((element) => getComputedStyle(element).maxHeight),
    ).toBe('200px');

    await dialog.getByRole('textbox', { name: 'Loan' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${amina.loanCode} · Amina Mwangi`) })
      .click();
    await dialog.getByText('Outstanding on this loan: Ksh 2,200.00').waitFor();
    expect(await match.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /RKE2E00001/ }).check();
    await dialog.getByText('1 repayment selected, Ksh 1,000.00 in all').waitFor();
    await match.click();

    await page.getByText('Matched 1 repayment to the loan.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Only the payment nobody can place is left.
    await rowWith(page, 'RKE2E00002').waitFor();
    await rowWith(page, 'RKE2E00001').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /^MPesa Repayments/ }).click();
    const matched = rowWith(page, 'RKE2E00001');
    await matched.getByText('Matched', { exact: true }).waitFor();
    await matched.getByText(amina.loanCode, { exact: true }).waitFor();
    await matched.getByText('Amina Mwangi', { exact: true }).waitFor();
    expect((await loanStatus(e2e.server, lender, amina.id)).outstandingAmount).toBe(1200);
  });

  it('a payment matched meanwhile elsewhere fails with the server sentence; then nothing is left to match', async () => {
    await page.getByRole('tab', { name: /^Unmatched Repayments/ }).click();
    await page.getByRole('button', { name: 'Match Repayments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Repayments' });
    await dialog.getByRole('textbox', { name: 'Loan' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${kevin.loanCode} · Kevin Mwangi`) })
      .click();
    await dialog.getByRole('checkbox', { name: /RKE2E00002/ }).check();

    // Another window of the lender matches it to Kevin's loan first.
    const list = await call(
      e2e.server,
      'GET',
      '/loan-repayment-transaction/get-transactions',
      undefined,
      lender.token,
    );
    const fifty = (list.body as { id: number; transactionDetails: string }[]).find(
      (r) => r.transactionDetails === 'RKE2E00002',
    )!;
    const meanwhile = await call(
      e2e.server,
      'POST',
      '/manual-match/transaction',
      { loanId: kevin.id, mpesaLoanRepaymentId: fifty.id },
      lender.token,
    );
    expect(meanwhile.status).toBe(200);

    await dialog.getByRole('button', { name: 'Match', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Uh oh! Something went wrong.').waitFor();
    await alert.getByText('This repayment is already matched to a loan.').waitFor();
    // The same sentence in the destructive toast.
    await page.getByText('This repayment is already matched to a loan.').nth(1).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText(/^No unmatched repayments\./).waitFor();
    expect(await page.getByRole('button', { name: 'Match Repayments' }).isDisabled()).toBe(true);
  });

  it('the Repayments page lists the repayments and its cards add up', async () => {
    await page.goto('/dashboard/repayments');
    await page.getByRole('heading', { name: 'Repayment Management' }).waitFor();
    // Interest first, then principal: 1,000 = 200 + 800; 300 = 100 + 200; 50 = 0 + 50.
    const aminas = rowWith(page, amina.loanCode);
    for (const text of ['Amina Mwangi', 'Ksh 800.00', 'Ksh 200.00', 'Ksh 1,000.00']) {
      await aminas.getByText(text, { exact: true }).first().waitFor();
    }
    const kevins = rowWith(page, kevin.loanCode);
    for (const text of ['Kevin Mwangi', 'Ksh 200.00', 'Ksh 100.00', 'Ksh 300.00', 'Ksh 50.00']) {
      await kevins.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await kevins.count()).toBe(2);
    await cardShows(page, 'Total Repayment Amount', 'KES 1,350.00');
    // Still owed: 2,200 − 1,000 and 1,100 − 350.
    await cardShows(page, 'Outstanding Balance', 'KES 1,950.00');

    await chooseCode(page, kevin.loanCode);
    await cardShows(page, 'Total Repayment Amount', 'KES 350.00');
    await cardShows(page, 'Outstanding Balance', 'KES 750.00');
    await rowWith(page, amina.loanCode).waitFor({ state: 'detached' });
  });

  it('after the fines job, the Fines page shows the fines as Unpaid and the filter narrows and clears', async () => {
    const [row] = await e2e.server.database.db.select().from(loans).where(eq(loans.id, amina.id));
    // Day 17 in Nairobi: instalment 2 (due day 14, 2 grace days) is in arrears on both loans.
    const day = new Date(row!.disbursementDate!.getTime() + 17 * 86_400_000 + 3 * 3600_000)
      .toISOString()
      .slice(0, 10);
    const run = await runFines(e2e.server.database.db, day, { defaultAfterDays: 30 });
    expect(run.finesDrawn).toBe(2);
    expect(await ledgerViolations(e2e.server)).toEqual([]);

    await page.goto('/dashboard/fine');
    await page.getByRole('heading', { name: 'Fines Management' }).waitFor();
    // 5 % of the arrears: Amina 1,100 − 1,000 paid = 100 → 5.00; Kevin 550 − 350 = 200 → 10.00.
    const aminas = rowWith(page, amina.loanCode);
    for (const text of ['Amina Mwangi', 'Ksh 5.00', '5.00%', 'Unpaid']) {
      await aminas.getByText(text, { exact: true }).first().waitFor();
    }
    await rowWith(page, kevin.loanCode).getByText('Ksh 10.00', { exact: true }).first().waitFor();
    await cardShows(page, 'Total Fines', '2');
    await cardShows(page, 'Total Fine Amount', 'KES 15.00');
    await cardShows(page, 'Outstanding Balance', 'KES 15.00');

    await chooseCode(page, amina.loanCode);
    await cardShows(page, 'Total Fines', '1');
    await cardShows(page, 'Total Fine Amount', 'KES 5.00');
    await rowWith(page, kevin.loanCode).waitFor({ state: 'detached' });

    // Choosing the same code again clears the filter.
    await chooseCode(page, amina.loanCode);
    await cardShows(page, 'Total Fines', '2');
    await rowWith(page, kevin.loanCode).waitFor();
    expect(await page.getByRole('textbox', { name: 'Loan Code' }).inputValue()).toBe('');
  });
});
