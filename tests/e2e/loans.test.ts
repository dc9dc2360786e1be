/**
 * Loan application and review in Chromium (the loans and approve pages): an agent applies with the calculator's figures in view, and the
 * lender finds the same figures on Approve, edits the principal and rejects another
 * application. People and records are set up through the API.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  approvedLender,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { call } from '../support/test-server';
import { startE2E, type E2E, signIn } from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let plan: { id: number; name: string };
let amina: { id: number };
let kevin: { id: number };

type ApiLoan = {
  id: number;
  loanCode: string;
  status: string;
  borrowerId: number;
  principalAmount: number;
  processingFee: number;
  interestAmount: number;
  initialAmount: number;
  disbursementAmount: number;
};

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Njoroge');
  // 30 days, 10 % interest, 2.5 % processing fee, a 7-day cycle.
  plan = await createPlan(e2e.server, lender, { name: 'Biashara 30' });
  agent = await activeAgent(e2e.server, lender);
  amina = await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
    firstName: 'Amina',
    lastName: 'Hassan',
  });
  kevin = await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
    firstName: 'Kevin',
    lastName: 'Ouma',
  });
  // Kevin already has a pending application, filed through the API.
  const applied = await call(
    e2e.server,
    'POST',
    '/loan/apply',
    {
      borrowerId: kevin.id,
      lenderLoanPlanId: plan.id,
      principalAmount: 5000,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  expect(applied.status).toBe(201);
});

afterAll(async () => {
  await e2e?.close();
});

async function loans(): Promise<ApiLoan[]> {
  const res = await call(
    e2e.server,
    'GET',
    `/loan/from-lender-business/${lender.businessId}`,
    undefined,
    lender.token,
  );
  return res.body as ApiLoan[];
}

async function expectTexts(scope: Locator, texts: string[]) {
  for (const text of texts) {
    await scope.getByText(text, { exact: true }).first().waitFor();
  }
}

async function choose(page: Page, label: string, search: string, option: RegExp) {
  const input = page.getByRole('textbox', { name: label });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

describe('loan application and review in Chromium', () => {
  it('the agent applies with the calculator showing the cost of credit and the schedule', async () => {
    const page = await e2e.newPage();
    await signIn(page, {
      role: 'agent',
      email: agent.email,
      password: agent.password,
      selectBusiness: true,
    });
    await page.goto('/dashboard/loan-application');
    await page.getByRole('heading', { name: 'Loan Application' }).waitFor();

    // The schema's messages, before anything is chosen; no calculator yet.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectTexts(page.locator('form'), [
      'Borrower is required',
      'Loan plan is required',
      'Amount must be greater than 0',
    ]);
    expect(await page.getByRole('region', { name: 'Loan Calculator' }).count()).toBe(0);

    await choose(page, 'Borrower', 'amina', /Amina Hassan/);
    await choose(page, 'Loan Plan', '', /Biashara 30/);
    const principal = page.getByRole('textbox', { name: 'Principal Amount' });
    await principal.pressSequentially('10000');
    expect(await principal.inputValue()).toBe('10,000');
    await page.getByText("This borrower's loan limit: KES 20,000.00").waitFor();

    const calculator = page.getByRole('region', { name: 'Loan Calculator' });
    await calculator.waitFor();
    await expectTexts(calculator, [
      'KES 10,000.00', // principal
      'KES 250.00', // processing fee 2.5 %
      'KES 1,000.00', // interest 10 %
      'KES 11,000.00', // total to repay
      'KES 9,750.00', // disbursed to M-Pesa
      'KES 1,250.00', // total cost of credit
      '12.50% of the principal (processing fee + interest)',
      '5, every 7 days',
      'KES 2,567.00', // cycle payment
      'KES 732.00', // the last payment takes the remainder
      'If disbursed today',
    ]);
    // The schedule: five instalments and the total.
    expect(await calculator.locator('tbody tr').count()).toBe(5);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Loan application submitted successfully!').first().waitFor();
    await calculator.waitFor({ state: 'detached' });
    expect(await principal.inputValue()).toBe('');

    const stored = (await loans()).find((loan) => loan.borrowerId === amina.id);
    expect(stored).toMatchObject({
      status: 'pending',
      principalAmount: 10000,
      processingFee: 250,
      interestAmount: 1000,
      initialAmount: 11000,
      disbursementAmount: 9750,
    });

    // Kevin has an open loan: the toast names the failure, the form says why.
    await choose(page, 'Borrower', 'kevin', /Kevin Ouma/);
    await choose(page, 'Loan Plan', '', /Biashara 30/);
    await principal.pressSequentially('3000');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Loan application Failed to submit application.').first().waitFor();
    await page
      .getByRole('alert')
      .getByText('This borrower already has an open loan in this business.')
      .first()
      .waitFor();
  });

  it('the lender sees the same figures on Approve, edits the principal and rejects another application', async () => {
    const all = await loans();
    const aminaLoan = all.find((loan) => loan.borrowerId === amina.id)!;
    const kevinLoan = all.find((loan) => loan.borrowerId === kevin.id)!;

    const page = await e2e.newPage();
    await signIn(page, {
      role: 'lender',
      email: lender.email,
      password: 'Lender#2026',
      selectBusiness: true,
    });
    await page.goto('/dashboard/approve-loan');
    await page.getByRole('heading', { name: 'Approve Loans' }).waitFor();
    const aminaRow = page.getByRole('row').filter({ hasText: aminaLoan.loanCode });
    await expectTexts(aminaRow, ['Amina Hassan', 'Ksh 10,000.00', 'Ksh 9,750.00', 'Biashara 30']);

    // The details dialog: the figures the agent saw.
    await page.getByRole('button', { name: `View loan ${aminaLoan.loanCode}` }).click();
    const details = page.getByRole('dialog', { name: 'Loan Details' });
    await expectTexts(details, [
      'KES 10,000.00',
      'KES 250.00',
      'KES 1,000.00',
      'KES 11,000.00',
      'KES 9,750.00',
      'KES 1,250.00',
    ]);
    await details.getByRole('button', { name: 'Disburse' }).waitFor();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'detached' });

    // Edit: a smaller principal, the figures recomputed before saving.
    await page.getByRole('button', { name: `Edit loan ${aminaLoan.loanCode}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Loan' });
    const principal = edit.getByRole('textbox', { name: 'Principal Amount' });
    await principal.fill('8000');
    await expectTexts(edit, ['KES 200.00', 'KES 800.00', 'KES 8,800.00', 'KES 7,800.00']);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Loan updated').first().waitFor();
    await edit.waitFor({ state: 'detached' });
    await expectTexts(aminaRow, ['Ksh 8,000.00', 'Ksh 7,800.00']);
    expect((await loans()).find((loan) => loan.id === aminaLoan.id)).toMatchObject({
      principalAmount: 8000,
      initialAmount: 8800,
      disbursementAmount: 7800,
    });

    // Reject Kevin's application from its details dialog.
    await page.getByRole('button', { name: `View loan ${kevinLoan.loanCode}` }).click();
    const kevinDetails = page.getByRole('dialog', { name: 'Loan Details' });
    await kevinDetails.getByRole('button', { name: 'Reject' }).click();
    await kevinDetails.getByRole('button', { name: 'Yes, reject' }).click();
    await page.getByText('Loan rejected').first().waitFor();
    await kevinDetails.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: kevinLoan.loanCode }).waitFor({
      state: 'detached',
    });
    expect((await loans()).find((loan) => loan.id === kevinLoan.id)?.status).toBe('rejected');

    // The Loans page counts both by status.
    await page.goto('/dashboard/loans');
    await page.getByRole('tab', { name: /^Pending\s*1$/ }).waitFor();
    await page.getByRole('tab', { name: /^Rejected\s*1$/ }).click();
    await page.getByRole('row').filter({ hasText: kevinLoan.loanCode }).waitFor();
  });
});
