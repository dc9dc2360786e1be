/**
 * Credit bureau submissions in Chromium (docs/crb.md): a lender opens the screen, picks its
 * business and last month, generates the files, reads the error of a borrower whose record the
 * bureaus would reject and what to fix, downloads both files, and marks the version submitted
 * after confirming; the same screen in Kiswahili.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields, consumerFields } from '../../src/domain/crb';
import { crbEnglish } from '../../src/i18n/crb';
import { crb as crbSwahili } from '../../src/i18n/sw/crb';
import { registerBorrower, FOUR_WEEKS, lendingBook, type LendingBook } from '../support/fixtures';
import { backdateLoan, deposit, disbursedLoan } from '../support/money';
import { startE2E, toast, waitForPath, type E2E } from './support';

let e2e: E2E;
let world: LendingBook;
const loanCodes: string[] = [];
let badLoanCode = '';

const nairobiNow = new Date(Date.now() + 3 * 3600_000);
const lastMonth = new Date(Date.UTC(nairobiNow.getUTCFullYear(), nairobiNow.getUTCMonth() - 1, 1))
  .toISOString()
  .slice(0, 7);
/** Days back that land in last month, whatever today's date. */
const intoLastMonth = nairobiNow.getUTCDate() + 10;

beforeAll(async () => {
  e2e = await startE2E();
  world = await lendingBook(e2e.server, { name: 'Chebet', plan: FOUR_WEEKS });
  await deposit(e2e.server, world.lender, 50_000);
  for (const gender of ['female', 'male', 'other']) {
    const borrower = await registerBorrower(
      e2e.server,
      world.agent.token,
      world.lender.businessId,
      world.areaId,
      { gender },
    );
    const loan = await disbursedLoan(e2e.server, world.agent, world.lender, {
      borrowerId: borrower.id,
      planId: world.planId,
      principal: 4000,
    });
    await backdateLoan(e2e.server, loan.id, intoLastMonth);
    if (gender === 'other') badLoanCode = loan.loanCode;
    else loanCodes.push(loan.loanCode);
  }
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

async function lenderPage(): Promise<Page> {
  const page = await e2e.newPage();
  await page.goto('/login/lender');
  await page.getByLabel(/^Email/).fill(world.lender.email);
  await page.getByLabel(/^Password/).fill('Lender#2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/dashboard');
  return page;
}

async function pickBusiness(page: Page, label: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: 'Chebet Capital' }).click();
}

describe('CRB submissions in Chromium', () => {
  it('generates last month, shows the errors, downloads the files and marks it submitted', async () => {
    const t = crbEnglish;
    const page = await lenderPage();
    await page.getByRole('link', { name: t.title }).first().click();
    await waitForPath(page, '/dashboard/crb');
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    expect(await page.getByLabel(t.month).inputValue()).toBe(lastMonth);
    await pickBusiness(page, t.business);
    await page.getByText(t.noVersions).waitFor();

    await page.getByRole('button', { name: t.generate }).click();
    await toast(page, t.generated(lastMonth, 1)).waitFor();
    await page.getByRole('heading', { name: `${t.version} 1 · ${lastMonth}` }).waitFor();
    const errors = page.getByRole('table', { name: t.errorsTitle });
    await errors.getByRole('cell', { name: badLoanCode }).waitFor();
    await errors.getByRole('cell', { name: crbEnglish.fixes.gender }).waitFor();

    const [consumer] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.downloadConsumer }).click(),
    ]);
    expect(consumer.suggestedFilename()).toMatch(/-v1-consumer\.txt$/);
    const consumerLines = readFileSync(await consumer.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(consumerLines).toHaveLength(2);
    for (const line of consumerLines) expect(line.split('|')).toHaveLength(consumerFields.length);
    const [account] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.downloadAccount }).click(),
    ]);
    const accountText = readFileSync(await account.path(), 'utf8');
    for (const code of loanCodes) expect(accountText).toContain(`|${code}|`);
    expect(accountText).not.toContain(badLoanCode);
    expect(accountText.split('\r\n')[0]!.split('|')).toHaveLength(accountFields.length);

    await page.getByRole('button', { name: t.markSubmitted }).click();
    const dialog = page.getByRole('dialog', { name: t.confirmTitle });
    await dialog.getByText(t.confirmBody(lastMonth, 1)).waitFor();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await toast(page, t.marked(lastMonth, 1)).waitFor();
    await page.getByText(t.statuses.submitted, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: t.markSubmitted }).count()).toBe(0);
  });

  it('reads in Kiswahili, and a new generation after submission is version 2', async () => {
    const t = crbSwahili;
    const page = await lenderPage();
    await page.evaluate(() => localStorage.setItem('mkopo-language', 'sw'));
    await page.goto('/dashboard/crb');
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await pickBusiness(page, t.business);
    await page.getByText(t.statuses.submitted, { exact: true }).waitFor();
    await page.getByRole('button', { name: t.generate }).click();
    await toast(page, t.generated(lastMonth, 2)).waitFor();
    await page.getByRole('heading', { name: `${t.version} 2 · ${lastMonth}` }).waitFor();
    // The newest version's table comes first; version 1 below it lists the same error.
    const errors = page.getByRole('table', { name: t.errorsTitle }).first();
    await errors.getByRole('cell', { name: t.fixes.gender }).waitFor();
    await errors.getByRole('cell', { name: `Gender ${t.problems.gender}` }).waitFor();
    await page.getByRole('button', { name: t.markSubmitted }).waitFor();
  });
});
