/**
 * A borrower's data rights in Chromium, as the lender meets them: from the loans table,
 * the borrower's details offer a download of everything held (a ZIP) and erasure, which
 * is refused with the server's sentence while the loan is open and done once it is repaid.
 */
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowersText } from '../../src/i18n/borrowers';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { deposit, disbursedLoan, repayInFull } from '../support/money';
import { DESKTOP, snap, startE2E, type E2E } from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let planId: number;

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Haki');
  agent = await activeAgent(e2e.server, lender);
  const cycle = await createCycle(e2e.server, lender, 7);
  planId = (await createPlan(e2e.server, lender, { repaymentCycleId: cycle.id })).id;
  await deposit(e2e.server, lender, 50_000);
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

async function lenderOnLoans(): Promise<Page> {
  const page = await e2e.newPage({ viewport: DESKTOP });
  await page.goto('/');
  await page.evaluate(
    ({ token, business }) => {
      localStorage.setItem('jwt', token);
      localStorage.setItem('mkopo-selected-business', JSON.stringify(business));
    },
    { token: lender.token, business: { id: lender.businessId, businessName: 'Haki Capital' } },
  );
  await page.goto('/dashboard/loans');
  return page;
}

async function borrowerLoan(firstName: string) {
  const borrower = await registerBorrower(
    e2e.server,
    agent.token,
    lender.businessId,
    agent.areaId,
    { firstName },
  );
  const loan = await disbursedLoan(e2e.server, agent, lender, {
    borrowerId: borrower.id,
    planId,
    principal: 1_500,
  });
  return { borrower, loan };
}

describe('a borrower’s data, from the loans table', () => {
  it('downloads everything held as a ZIP; erasure waits until the loan is closed, then is done', async () => {
    const { borrower, loan } = await borrowerLoan('Neema');
    const page = await lenderOnLoans();
    await page
      .getByRole('button', { name: /^Neema/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Borrower Details' });
    await dialog.getByText(borrowersText.dataRightsTitle).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: borrowersText.downloadData }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`borrower-${borrower.id}.zip`);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const files = unzipSync(new Uint8Array(readFileSync(path)));
    const held = JSON.parse(new TextDecoder().decode(files['borrower.json'])) as {
      borrower: { firstName: string };
      loans: { loanCode: string }[];
    };
    expect(held.borrower.firstName).toBe('Neema');
    expect(held.loans.map((l) => l.loanCode)).toEqual([loan.loanCode]);

    // The loan is open: the server refuses, and the dialog says why.
    await dialog.getByRole('button', { name: borrowersText.eraseData }).click();
    await dialog.getByText(borrowersText.eraseWarning('Neema Wambui')).waitFor();
    await snap(page, 'borrower-erase-confirm-desktop');
    await dialog.getByRole('button', { name: borrowersText.eraseConfirm, exact: true }).click();
    await dialog.getByText(borrowersText.eraseOpenLoan).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Repaid: the erasure goes through, and the table shows no person any more.
    await repayInFull(e2e.server, lender, loan, 'HAKI000001');
    await page.reload();
    await page
      .getByRole('button', { name: /^Neema/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: borrowersText.eraseData }).click();
    await dialog.getByRole('button', { name: borrowersText.eraseConfirm, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(borrowersText.erased).first().waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^${borrowersText.erasedName}`) })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Neema/ }).count()).toBe(0);
    await snap(page, 'borrower-erased-desktop');
  });
});
