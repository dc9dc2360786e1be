/**
 * An agent's day without a connection, in Chromium (docs/architecture.md §7;
 * the README's "Working offline (agents)"): after one
 * visit the app opens offline; the agent registers a borrower with a photo, applies for
 * a loan for that borrower and records a follow-up that shows "Sending"; back online,
 * everything reaches the server exactly once and the lender sees it. Closing the page
 * in the middle of a sync, after the server did the work but before the app heard the
 * answer, loses and duplicates nothing. With every window of the app closed, Background
 * Sync sends the outbox from the service worker, each item once.
 *
 * Offline is goOffline (support.ts): the pages, the service worker (CDP) and the cable to
 * the server; going online checks that the server saw nothing from the browser meanwhile.
 */
import { and, count, eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { borrowers, followUps, loans } from '../../server/db/schema';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { OUTBOX_SYNC_TAG } from '../../src/offline/sync-tag';
import { PNG } from '../support/files';
import {
  activeAgent,
  approvedLender,
  createCycle,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { deposit, disbursedLoan } from '../support/money';
import { call } from '../support/test-server';
import {
  goOffline,
  goOnline,
  PHONE,
  registerBorrowerInDialog,
  snapBothThemes,
  startE2E,
  untilWorkerControls,
  type E2E,
  signIn,
} from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let areaName: string;
let activeLoan: { id: number; loanCode: string };
let page: Page;
let context: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E({}, { serviceWorker: true });
  lender = await approvedLender(e2e.server, 'Mwende');
  agent = await activeAgent(e2e.server, lender);
  const areas = await call(
    e2e.server,
    'GET',
    `/lender-business-area/${lender.businessId}`,
    undefined,
    lender.token,
  );
  areaName = (areas.body as { id: number; name: string }[]).find(
    (area) => area.id === agent.areaId,
  )!.name;
  const cycle = await createCycle(e2e.server, lender, 7);
  const plan = await createPlan(e2e.server, lender, {
    name: 'Soko 28',
    repaymentCycleId: cycle.id,
    durationInDays: 28,
    interestRate: 10,
    processingFee: 2,
  });
  await deposit(e2e.server, lender, 50_000);
  const borrower = await registerBorrower(
    e2e.server,
    agent.token,
    lender.businessId,
    agent.areaId,
    { firstName: 'Zawadi', lastName: 'Mutua', phoneNumber: '0712 400 500' },
  );
  activeLoan = await disbursedLoan(e2e.server, agent, lender, {
    borrowerId: borrower.id,
    planId: plan.id,
    principal: 5_000,
  });
  page = await e2e.newPage({ viewport: PHONE });
  context = page.context();
});

afterAll(async () => {
  await e2e?.close();
});

// When a step fails, what the phone and the server saw, to tell a leak from a slow page.
beforeEach(() => {
  onTestFailed(async () => {
    const state = await page
      .evaluate(async () => {
        const open = indexedDB.open('mkopo');
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const read = db.transaction('outbox').objectStore('outbox').getAll();
        const items = await new Promise<{ kind: string; status: string; lastError: string }[]>(
          (resolve) => {
            read.onsuccess = () => resolve(read.result as never);
          },
        );
        return {
          onLine: navigator.onLine,
          url: location.href,
          outbox: items.map((i) => `${i.kind} ${i.status} ${i.lastError ?? ''}`),
          text: document.body.innerText.slice(0, 1500),
        };
      })
      .catch((error: unknown) => String(error));
    const requests = e2e.server.logs
      .filter((line) => line.msg === 'incoming request')
      .slice(-15)
      .map((line) => JSON.stringify(line.req));
    console.error('Offline test failed; the phone:', JSON.stringify(state, null, 1));
    console.error('The server, last requests:', requests.join('\n'));
  });
});

async function borrowersNamed(firstName: string) {
  return e2e.server.database.db.select().from(borrowers).where(eq(borrowers.firstName, firstName));
}

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

async function followUpsSaying(comment: string): Promise<number> {
  return countOf(
    e2e.server.database.db
      .select({ n: count() })
      .from(followUps)
      .where(and(eq(followUps.loanId, activeLoan.id), eq(followUps.comment, comment))),
  );
}

/** The two-step Create Borrower dialog, with a passport photo, in the agent's area. */
function registerInDialog(target: Page, first: string, phone: string, idNumber: string) {
  return registerBorrowerInDialog(target, { first, phone, idNumber, area: areaName });
}

async function recordFollowUp(target: Page, comment: string): Promise<Locator> {
  await target.getByRole('button', { name: 'Create Follow-Up' }).click();
  const dialog = target.getByRole('dialog', { name: 'Create Follow-Up' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
  await dialog.waitFor({ state: 'detached' });
  return target
    .getByRole('region', { name: 'Follow-up History' })
    .getByRole('listitem')
    .filter({ hasText: comment });
}

describe('an agent offline in Chromium', () => {
  it('works offline and everything reaches the server once when back online', async () => {
    await signIn(page, {
      role: 'agent',
      email: agent.email,
      password: agent.password,
      selectBusiness: true,
    });
    // The service worker installs on the first visit and controls the page after it.
    await untilWorkerControls(page);
    await page.reload();

    // Nothing but the dashboard online: the working set arrives by itself (no screen
    // needs a visit to work offline).
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'My Loans' }).getByText('Zawadi Mutua').waitFor();
    await page.getByText('Ready offline', { exact: true }).waitFor();

    // No network at all: the app still opens, at any route.
    await goOffline(page);
    await page.goto(`/dashboard/follow-up/${activeLoan.id}`);
    await page.getByRole('heading', { name: 'Zawadi Mutua' }).waitFor();
    // The top bar says so in words, on a phone too.
    await page.getByText('Offline', { exact: true }).filter({ visible: true }).waitFor();
    // The loan details read KES (Ksh is for loan tables).
    await page.getByText('KES 5,000.00').first().waitFor();
    expect(await page.getByText(/Ksh 5,000/).count()).toBe(0);

    // The dashboard shows the last known loans under the cards that count them.
    await page.goto('/dashboard');
    const myLoans = page.getByRole('list', { name: 'My Loans' });
    await myLoans.getByText('Zawadi Mutua').waitFor();
    expect(await page.getByText(/No loans yet/).count()).toBe(0);
    await snapBothThemes(page, 'offline-dashboard-phone');

    await page.goto('/dashboard/borrowers');
    await page.getByRole('heading', { name: 'Borrowers' }).waitFor();

    // A borrower with a photo, registered offline: listed at once as Sending.
    await registerInDialog(page, 'Akinyi', '0712 555 601', '31555601');
    await page.getByText('Saved on this phone').first().waitFor();
    const pendingRow = page.getByRole('listitem').filter({ hasText: 'Akinyi Njoki' });
    await pendingRow.getByText('Sending').waitFor();
    // The area chosen, not N/A.
    await pendingRow.getByText(areaName, { exact: false }).waitFor();
    await snapBothThemes(page, 'offline-borrowers-phone');

    // Loan files for that borrower, offline: saved on the phone and listed as Sending.
    await page.goto('/dashboard/loan-agreement');
    await page.getByRole('textbox', { name: 'Description' }).fill('Signed agreement, witnessed.');
    await page.getByRole('textbox', { name: 'Borrower' }).click();
    await page.getByRole('option', { name: /Akinyi Njoki .* Sending/ }).click();
    await page
      .locator('input[type="file"][name="loanAgreementfilesorImage"]')
      .setInputFiles({ name: 'agreement.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await page.getByText('Saved on this phone').first().waitFor();
    const uploaded = page.getByRole('region', { name: 'Uploaded files' });
    await uploaded.getByText('agreement.png').waitFor();
    await uploaded.getByText('Sending').waitFor();
    expect(await uploaded.getByRole('alert').count()).toBe(0);
    await snapBothThemes(page, 'offline-loan-files-phone');

    // A loan application for that borrower, offline too.
    await page.goto('/dashboard/loan-application');
    await page.getByRole('textbox', { name: 'Borrower' }).click();
    await page.getByRole('option', { name: /Akinyi Njoki .* Sending/ }).click();
    await page.getByRole('textbox', { name: 'Loan Plan' }).click();
    await page.getByRole('option', { name: /Soko 28/ }).click();
    await page.getByRole('textbox', { name: 'Principal Amount' }).fill('2000');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Saved on this phone').first().waitFor();

    // A follow-up: at the top of the history, Sending.
    await page.goto(`/dashboard/follow-up/${activeLoan.id}`);
    const followUp = await recordFollowUp(page, 'Met at the market, will pay on Friday.');
    await followUp.getByText('Sending').waitFor();
    await snapBothThemes(page, 'offline-follow-up-phone');

    await page.goto('/dashboard/outbox');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBe(4);
    // At 390 px the count cards' icons sit clear of their titles.
    for (const title of ['Waiting', 'Sending', 'Needs attention']) {
      const card = page.getByRole('region', { name: title, exact: true });
      const icon = await card.locator('svg').first().boundingBox();
      const text = await card.getByText(title, { exact: true }).boundingBox();
      expect(icon!.y + icon!.height).toBeLessThanOrEqual(text!.y);
    }
    await snapBothThemes(page, 'offline-outbox-phone');
    expect(await borrowersNamed('Akinyi')).toHaveLength(0);

    // Logging out with work waiting warns first; staying keeps everything.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const warning = page.getByRole('dialog', { name: 'Work not sent yet' });
    await warning.getByText(/^4 items have not reached the server yet/).waitFor();
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(4);

    // Back online: the outbox drains by itself.
    await goOnline(page);
    await page.getByText(/Everything has been sent/).waitFor({ timeout: 30_000 });

    const [akinyi] = await borrowersNamed('Akinyi');
    expect(akinyi).toBeDefined();
    expect(await borrowersNamed('Akinyi')).toHaveLength(1);
    expect(akinyi!.passportPhotoId).toBeTruthy();
    // The consent ticked offline arrives with its own time, before the phone came back.
    expect(akinyi!.consentVersion).toBe(BORROWER_CONSENT_VERSION);
    expect(akinyi!.consentedAt!.getTime()).toBeLessThan(akinyi!.createdAt.getTime());
    expect(
      await countOf(
        e2e.server.database.db
          .select({ n: count() })
          .from(loans)
          .where(eq(loans.borrowerId, akinyi!.id)),
      ),
    ).toBe(1);
    expect(await followUpsSaying('Met at the market, will pay on Friday.')).toBe(1);
    const files = await call(
      e2e.server,
      'GET',
      `/loan-agreement/borrower/${akinyi!.id}`,
      undefined,
      agent.token,
    );
    expect(files.body).toHaveLength(1);
    expect(files.body[0].files).toHaveLength(1);

    // The lender sees the application and the follow-up.
    const lenderLoans = await call(
      e2e.server,
      'GET',
      `/loan/from-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const application = (
      lenderLoans.body as {
        borrower: { firstName: string };
        status: string;
        principalAmount: number;
      }[]
    ).filter((loan) => loan.borrower.firstName === 'Akinyi');
    expect(application).toHaveLength(1);
    expect(application[0]).toMatchObject({ status: 'pending', principalAmount: 2000 });
    const history = await call(
      e2e.server,
      'GET',
      `/follow-up/loan/${activeLoan.id}`,
      undefined,
      lender.token,
    );
    expect(
      (history.body as { comment: string }[]).filter(
        (item) => item.comment === 'Met at the market, will pay on Friday.',
      ),
    ).toHaveLength(1);

    // The follow-up now shows under its real id, no longer Sending.
    await page.goto(`/dashboard/follow-up/${activeLoan.id}`);
    const sent = page
      .getByRole('region', { name: 'Follow-up History' })
      .getByRole('listitem')
      .filter({ hasText: 'Met at the market' });
    await sent.waitFor();
    expect(await sent.getByText('Sending').count()).toBe(0);
  });

  it('a page closed in the middle of a sync loses and duplicates nothing', async () => {
    await goOffline(page);
    await page.goto('/dashboard/borrowers');
    await registerInDialog(page, 'Baraka', '0712 555 602', '31555602');
    await page.goto(`/dashboard/follow-up/${activeLoan.id}`);
    await recordFollowUp(page, 'Phone off twice; left a message.');

    // The server does the registration, but the page is closed before the answer arrives.
    let serverDone!: () => void;
    const done = new Promise<void>((resolve) => {
      serverDone = resolve;
    });
    await context.route('**/api/borrower/register', async (route) => {
      // The worker's Background Sync may try while the cable is still pulled: no network.
      const reached = await route.fetch().then(
        () => true,
        () => false,
      );
      if (!reached) return route.abort('internetdisconnected');
      serverDone();
      await new Promise(() => undefined); // the answer never comes back
    });
    await goOnline(page);
    await done;
    await page.close();
    await context.unroute('**/api/borrower/register');
    expect(await borrowersNamed('Baraka')).toHaveLength(1);

    // Reopened: the same items are sent again with the same keys, and answered.
    page = await context.newPage();
    await page.goto('/dashboard/outbox');
    await page.getByText(/Everything has been sent/).waitFor({ timeout: 30_000 });
    expect(await borrowersNamed('Baraka')).toHaveLength(1);
    expect(await followUpsSaying('Phone off twice; left a message.')).toBe(1);
    await page.goto('/dashboard/borrowers');
    const row = page.getByRole('listitem').filter({ hasText: 'Baraka Njoki' });
    await row.waitFor();
    expect(await row.getByText('Sending').count()).toBe(0);
  });

  it('with the app closed, Background Sync sends the outbox from the service worker, once', async () => {
    await goOffline(page);
    await page.goto('/dashboard/borrowers');
    await registerInDialog(page, 'Chebet', '0712 555 603', '31555603');
    await page.goto(`/dashboard/follow-up/${activeLoan.id}`);
    const comment = 'Shop closed; will visit on Monday.';
    const followUp = await recordFollowUp(page, comment);
    // The browser fires the outbox's sync at once (the machine is online); the worker
    // tries, finds no network, and the follow-up stays Sending.
    await followUp.getByText('Sending').waitFor();

    // The app is closed: a blank tab, not the app, is all that is open.
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${e2e.cable.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    for (const open of context.pages()) if (open !== blank) await open.close();
    expect(await followUpsSaying(comment)).toBe(0);
    expect(await borrowersNamed('Chebet')).toHaveLength(0);

    // Back online, the browser fires the sync; the worker sends every item, once.
    await goOnline(context);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: e2e.cable.url,
      registrationId,
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
    });
    await expect.poll(() => followUpsSaying(comment), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await borrowersNamed('Chebet')).length).toBe(1);
    expect(context.pages()).toEqual([blank]);
    await cdp.detach();

    // Reopened, the outbox is empty and nothing went twice.
    page = blank;
    await page.goto('/dashboard/outbox');
    await page.getByText(/Everything has been sent/).waitFor({ timeout: 30_000 });
    expect(await followUpsSaying(comment)).toBe(1);
    expect(await borrowersNamed('Chebet')).toHaveLength(1);
  });
});
