/**
 * Borrower management in Chromium (borrowers list and detail, field rules and error
 * messages): an agent signs in, registers a borrower with a passport photo through the
 * two-step Create Borrower dialog, finds it in the list, opens its page (photo, Personal
 * Information, an empty Loans tab), applies for a loan from it and reads the calculator
 * (figures and due date) before submitting, finds the loan on the Loans tab, and a second
 * registration with the same phone number shows the server's sentence. A long list on a
 * phone draws only the cards near the screen, and every borrower is still reached.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOWED_FROM } from '../../src/lib/use-progressive-count';
import { borrowersText } from '../../src/i18n/borrowers';
import { workingSetText } from '../../src/i18n/working-set';
import {
  activeAgent,
  approvedLender,
  createArea,
  createPlan,
  lendingBook,
  newBorrower,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { PNG } from '../support/files';
import { deposit, eventually, loanStatus } from '../support/money';
import { call, type TestServer } from '../support/test-server';
import { cutFirstRequest, PHONE, startE2E, waitForPath, type E2E, signIn } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The agent signed in, on the Borrowers screen with no borrower yet. */
async function onEmptyBorrowers(agent: Agent, lender: Lender): Promise<Page> {
  const page = await e2e.newPage();
  await signIn(page, {
    role: 'agent',
    email: agent.email,
    password: agent.password,
    businessId: lender.businessId,
  });
  await page.goto('/dashboard/borrowers');
  await page.getByText(borrowersText.noBorrowers).waitFor();
  return page;
}

type Details = { first: string; last: string; phone: string; idNumber: string };

/** Step 1 of the dialog, the business already chosen. */
async function fillDetails(page: Page, dialog: Locator, details: Details, area: string) {
  await dialog.getByLabel(/^First Name/).fill(details.first);
  await dialog.getByLabel(/^Last Name/).fill(details.last);
  await dialog.getByLabel(/^Phone Number/).fill(details.phone);
  await dialog.getByLabel(/^Date of Birth/).fill('14/02/1988');
  await dialog.getByLabel(/^ID Number/).fill(details.idNumber);
  await dialog.getByLabel('Female').check();
  await dialog.getByLabel(/^Next of Kin Name/).fill('Joseph Kariuki');
  await dialog.getByLabel(/^Next of Kin Number/).fill('0711222333');
  await dialog.getByLabel(/^Relation/).fill('Husband');
  await dialog.getByLabel(/^Area/).click();
  await page.getByRole('option', { name: area }).click();
}

/** Step 2: a passport photo, then Create Borrower. */
async function attachPhotoAndCreate(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await dialog.getByText(borrowersText.documentsCreateHint).waitFor();
  await dialog
    .locator('input[type="file"][name="passportPhoto"]')
    .setInputFiles({ name: 'wanjiru.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
  await dialog.getByText('wanjiru.png').waitFor();
  // Without the borrower's consent the registration is not sent.
  await dialog.getByRole('button', { name: 'Create Borrower' }).click();
  await dialog.getByText(borrowersText.consentRequired).waitFor();
  await dialog.getByRole('checkbox', { name: borrowersText.consentLabel }).check();
  expect(await dialog.getByText(borrowersText.consentRequired).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Create Borrower' }).click();
}

describe('borrower management in Chromium', () => {
  it('an agent registers a borrower with a photo, finds it and reads its page', async () => {
    const lender = await approvedLender(e2e.server, 'Njeri');
    const agent = await activeAgent(e2e.server, lender);
    await createArea(e2e.server, lender, lender.businessId, 'Gikomba Market');
    await createPlan(e2e.server, lender, { name: 'Soko Plan' });

    const page = await onEmptyBorrowers(agent, lender);

    await page.getByRole('button', { name: 'Create Borrower' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Borrower' });
    await dialog.waitFor();

    // An untouched form closes at once; one with a detail typed asks first, and Keep editing
    // keeps what was typed.
    await dialog.getByRole('button', { name: borrowersText.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Borrower' }).click();
    await dialog.getByLabel(/^First Name/).fill('Wanj');
    await dialog.getByRole('button', { name: borrowersText.cancel, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: borrowersText.discardTitle });
    await confirm.getByText(borrowersText.discardText).waitFor();
    await confirm.getByRole('button', { name: borrowersText.keepEditing }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel(/^First Name/).inputValue()).toBe('Wanj');
    await dialog.getByLabel(/^First Name/).fill('');

    // Next checks step 1 with the server's schema and stays there.
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByText(borrowersText.firstNameShort).waitFor();
    await dialog.getByText(borrowersText.areaRequired).waitFor();

    // The selected business is chosen already; without one the area cannot be picked.
    const area = dialog.getByLabel(/^Area/);
    expect(await area.isDisabled()).toBe(false);
    // Mantine hides the clear button from assistive technology (deselecting the chosen
    // option does the same), so it is found by its label attribute.
    await dialog.locator('button[aria-label="Clear business"]').click();
    expect(await area.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Business/).click();
    await page.getByRole('option', { name: 'Njeri Capital' }).click();
    expect(await area.isDisabled()).toBe(false);

    const details = {
      first: 'Wanjiru',
      last: 'Kariuki',
      phone: '0798 111 333',
      idNumber: '28111333',
    };
    await fillDetails(page, dialog, details, 'Gikomba Market');
    await attachPhotoAndCreate(dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(borrowersText.registered).waitFor();

    // The list reloads with the new borrower; its row opens the borrower's page.
    const row = page.getByRole('row', { name: /Wanjiru Kariuki/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('0798 111 333');
    expect(await row.textContent()).toContain('Gikomba Market');
    await row.getByText('Wanjiru Kariuki').click();
    await page.waitForURL(/\/dashboard\/borrowers\/\d+$/);

    await page.getByRole('heading', { name: 'Wanjiru Kariuki' }).waitFor();
    await page.getByText('ID Number: 28111333').waitFor();
    const photo = page.getByRole('img', { name: 'Photo of Wanjiru Kariuki' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // A second look costs no request for the borrower: the page reads it from the
    // working set on the phone (the sync that brought it asked only what changed).
    const borrowerId = new URL(page.url()).pathname.split('/').pop();
    await expect.poll(() => workingSetWhole(page)).toBe(true);
    const asked = answersTo(e2e.server, `GET /api/borrower/${borrowerId}`).length;
    await page.reload();
    await page.getByText('ID Number: 28111333').waitFor();
    expect(answersTo(e2e.server, `GET /api/borrower/${borrowerId}`)).toHaveLength(asked);

    const personal = page.getByRole('tabpanel', { name: 'Personal Information' });
    for (const value of ['0798 111 333', 'Female', 'Feb 14, 1988', 'Joseph Kariuki', 'Husband']) {
      await personal.getByText(value, { exact: true }).waitFor();
    }
    await personal.getByText('0711 222 333', { exact: true }).waitFor();
    expect(await personal.getByText('N/A').count()).toBe(1); // no alternative phone

    await page.getByRole('tab', { name: 'Loans' }).click();
    await page.getByText(borrowersText.noLoans).waitFor();
    const apply = page.getByRole('link', { name: 'Apply for a loan' });
    expect(await apply.getAttribute('href')).toMatch(
      /\/dashboard\/loan-application\?borrowerId=\d+$/,
    );

    // The agent applies for this borrower from its page, and reads the calculator.
    const borrowerPath = new URL(page.url()).pathname;
    await apply.click();
    await page.waitForURL(/\/dashboard\/loan-application\?borrowerId=\d+$/);
    // The borrower is filled in once the business's borrowers have loaded.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Borrower' }).inputValue())
      .toMatch(/^Wanjiru Kariuki/);
    await page.getByRole('textbox', { name: 'Loan Plan' }).click();
    await page.getByRole('option', { name: /Soko Plan/ }).click();
    await page.getByRole('textbox', { name: 'Principal Amount' }).pressSequentially('5000');
    const calculator = page.getByRole('region', { name: 'Loan Calculator' });
    // 30 days, 10 % interest, 2.5 % fee, weekly: 5,500 owed, 4,875 disbursed.
    for (const figure of ['KES 125.00', 'KES 500.00', 'KES 5,500.00', 'KES 4,875.00']) {
      await calculator.getByText(figure, { exact: true }).first().waitFor();
    }
    const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'Africa/Nairobi',
    });
    await calculator.getByText(due).first().waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Loan application submitted successfully!').first().waitFor();

    // The borrower's Loans tab lists it.
    await page.goto(borrowerPath);
    await page.getByRole('tab', { name: 'Loans' }).click();
    await page.getByRole('tabpanel', { name: 'Loans' }).getByText('KES 5,000.00').first().waitFor();

    // Once the lender disburses it, the agent who filed it opens its statement from there.
    await deposit(e2e.server, lender, 20_000);
    const loans = await call(
      e2e.server,
      'GET',
      `/loan/from-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const filed = (loans.body as { id: number; loanCode: string }[])[0]!;
    await call(
      e2e.server,
      'PUT',
      `/loan/approving-loan-for-borrower/${filed.id}/${lender.businessId}/approve`,
      undefined,
      lender.token,
    );
    await eventually(
      async () => (await loanStatus(e2e.server, lender, filed.id)).status === 'active',
    );
    await page.goto(borrowerPath);
    await page.getByRole('tab', { name: 'Loans' }).click();
    await page.getByRole('link', { name: `Statement of loan ${filed.loanCode}` }).click();
    await waitForPath(page, `/dashboard/loans/${filed.id}/statement`);
    await page.getByRole('heading', { name: 'Loan statement' }).waitFor();
    await page.getByText(new RegExp(`^Loan ${filed.loanCode} · `)).waitFor();

    // The same phone number again: the server's sentence, in the dialog and a toast.
    await page.goto('/dashboard/borrowers');
    await page.getByRole('row', { name: /Wanjiru Kariuki/ }).waitFor();
    await page.getByRole('button', { name: 'Create Borrower' }).click();
    await dialog.waitFor();
    await fillDetails(
      page,
      dialog,
      { first: 'Akinyi', last: 'Odhiambo', phone: '+254798111333', idNumber: '29000111' },
      'Gikomba Market',
    );
    await attachPhotoAndCreate(dialog);
    await dialog.getByRole('alert').getByText(borrowersText.phoneTaken).waitFor();
    await page.getByText('Uh oh! Something went wrong.').waitFor();
    // The dialog goes back to the field at fault.
    await dialog.getByLabel(/^Phone Number/).waitFor();
    expect(await page.getByRole('row', { name: /Akinyi Odhiambo/ }).count()).toBe(0);
  }, 120_000);
});

/** The statuses the server answered to one method and URL, in order (from its log). */
/** The agent's working set is on the phone: every business of it filled. */
function workingSetWhole(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('mkopo-working-set');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('shards')) return resolve(false);
          const read = db.transaction('shards').objectStore('shards').getAll();
          read.onsuccess = () => {
            const shards = read.result as { complete: boolean }[];
            resolve(shards.length > 0 && shards.every((shard) => shard.complete));
          };
          read.onerror = () => resolve(false);
        };
      }),
  );
}

function answersTo(server: TestServer, request: string): number[] {
  const urls = new Map<unknown, string>();
  const statuses: number[] = [];
  for (const line of server.logs) {
    const req = line.req as { method?: string; url?: string } | undefined;
    if (line.msg === 'incoming request' && req) urls.set(line.reqId, `${req.method} ${req.url}`);
    const res = line.res as { statusCode?: number } | undefined;
    if (line.msg === 'request completed' && res && urls.get(line.reqId) === request) {
      statuses.push(res.statusCode ?? 0);
    }
  }
  return statuses;
}

/** An agent signed in on a phone whose first request for `chunk` was cut (cutFirstRequest). */
async function agentWithCutCode(agent: Agent, lender: Lender, chunk: string) {
  const page = await e2e.newPage({ viewport: PHONE });
  const requests = await cutFirstRequest(page, chunk);
  await signIn(page, {
    role: 'agent',
    email: agent.email,
    password: agent.password,
    businessId: lender.businessId,
  });
  return { page, requests };
}

describe("the offline store's code cut halfway", () => {
  it('an agent on a poor signal still lists borrowers, and the phone still gets ready offline', async () => {
    const lender = await approvedLender(e2e.server, 'Atieno');
    const agent = await activeAgent(e2e.server, lender);
    await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
      firstName: 'Kerubo',
    });
    // The first request for the working set's code drops halfway. The browser keeps that
    // failure as the module's answer for good; the next load asks under a query string.
    const { page, requests } = await agentWithCutCode(agent, lender, 'runtime');
    // All in one page (a new page would load the code afresh): the reads go to the server.
    await page.locator('footer').getByRole('link', { name: 'Borrowers' }).click();
    await page
      .getByText(/^Kerubo/)
      .first()
      .waitFor();
    // The phone is back online: the working set's sync, if its own start was the load that
    // failed, starts now.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.locator('footer').getByRole('link', { name: 'Home' }).click();
    await page.getByText(workingSetText.ready, { exact: true }).first().waitFor();
    expect(requests()).toBeGreaterThanOrEqual(2);
  });

  it("Borrowers and Create Borrower open when the agent's screens' code was cut halfway the first time", async () => {
    const lender = await approvedLender(e2e.server, 'Chebet');
    const agent = await activeAgent(e2e.server, lender);
    // The bottom bar's screens and Create Borrower's form are one chunk, loaded ahead after
    // the first screen (src/app/router.tsx, agentScreensAhead): that load fails.
    const { page, requests } = await agentWithCutCode(agent, lender, 'agent-screens');
    await expect.poll(requests).toBe(1);
    await page.locator('footer').getByRole('link', { name: 'Borrowers' }).click();
    await page.getByText(borrowersText.noBorrowers).waitFor();
    await page.getByRole('button', { name: 'Create Borrower' }).click();
    await page
      .getByRole('dialog', { name: 'Create Borrower' })
      .getByLabel(/^First Name/)
      .waitFor();
    expect(requests()).toBe(2);
  });
});

describe('motion', () => {
  it('a phone set to reduce motion opens a dialog without sliding it in; one not set does', async () => {
    const lender = await approvedLender(e2e.server, 'Motion');
    const agent = await activeAgent(e2e.server, lender);
    const page = await onEmptyBorrowers(agent, lender);
    // Each CSS transition the dialog starts (a zero-length one never starts).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { transitionsSeen: string[] }).transitionsSeen = seen;
      document.addEventListener('transitionrun', (event) => {
        if ((event.target as Element).closest('[role="dialog"], .mantine-Modal-overlay')) {
          seen.push(event.propertyName);
        }
      });
    });
    const transitions = () =>
      page.evaluate(() => (window as unknown as { transitionsSeen: string[] }).transitionsSeen);
    const openAndClose = async () => {
      await page.getByRole('button', { name: 'Create Borrower' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Borrower' });
      await dialog.getByLabel(/^First Name/).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    };

    // The tests' pages prefer reduced motion (support.ts).
    await openAndClose();
    expect(await transitions()).toEqual([]);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openAndClose();
    expect(await transitions()).not.toEqual([]);
  });
});

describe('a long list on a phone', () => {
  it('draws the cards near the screen, and every borrower is reached by scrolling, by tap and by search', async () => {
    const book = await lendingBook(e2e.server, { name: 'Long list' });
    // Letters, not digits: a name holds no digits.
    const surname = (i: number) =>
      `Kamau ${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`;
    const count = WINDOWED_FROM + 20;
    for (let i = 0; i < count; i += 1) {
      await newBorrower(e2e.server, book, { firstName: 'Long', lastName: surname(i) });
    }
    const page = await e2e.newPage({ viewport: PHONE });
    await signIn(page, {
      role: 'agent',
      email: book.agent.email,
      password: book.agent.password,
      businessId: book.lender.businessId,
    });
    await page.goto('/dashboard/borrowers');
    const cards = page.locator('[role="list"] > [role="listitem"]');
    await cards.first().waitFor();

    // Those on the screen and a few either side, each saying where it stands in the list.
    const drawn = await cards.evaluateAll((items) =>
      items.map((item) => [item.getAttribute('aria-posinset'), item.getAttribute('aria-setsize')]),
    );
    expect(drawn.length).toBeGreaterThan(3);
    expect(drawn.length).toBeLessThan(count / 2);
    expect(drawn[0]).toEqual(['1', String(count)]);
    for (const [, size] of drawn) expect(size).toBe(String(count));
    // The page is as tall as the whole list.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(count * 60);

    // Halfway down, what a screen reader meets holds to WCAG 2.1 AA.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(() => cards.first().getAttribute('aria-posinset')).not.toBe('1');
    const audit = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);

    // A dialog over the whole screen scrolls on its own, to its end and past it, and the list
    // behind stays where it was, then and once the dialog is closed. (The button is at the
    // top: a tap from here, not Playwright's click, which scrolls the page to it first.)
    await page.getByRole('button', { name: 'Create Borrower' }).dispatchEvent('click');
    const dialog = page.getByRole('dialog', { name: 'Create Borrower' });
    await dialog.getByLabel(/^First Name/).waitFor();
    const listAt = await page.evaluate(() => window.scrollY);
    expect(listAt).toBeGreaterThan(0);
    const formAt = () => dialog.evaluate((element) => element.scrollTop);
    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    for (let i = 0; i < 8; i += 1) await page.mouse.wheel(0, 1_500);
    await expect.poll(formAt).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(listAt);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.scrollY)).toBe(listAt);

    // Scrolled to the end: the last card is drawn, in sight, and opens its borrower.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator(`[role="listitem"][aria-posinset="${count}"]`);
    await last.waitFor();
    const box = (await last.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.locator('[role="listitem"][aria-posinset="1"]').count()).toBe(0);
    const name = (await last
      .getByText(/^Long Kamau/)
      .first()
      .textContent())!;
    await last.getByRole('button').click();
    await page.getByRole('heading', { name: 'Borrower details', level: 1 }).waitFor();
    await page.getByText(name).first().waitFor();

    // A search draws what it finds, from anywhere in the list.
    await page.goBack();
    await page.getByRole('searchbox', { name: borrowersText.searchLabel }).fill(surname(37));
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText(`Long ${surname(37)}`).waitFor();
  });
});
