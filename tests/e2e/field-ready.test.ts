/**
 * Ready for the field (the README's "Working offline (agents)"), in Chromium at 390 px, the
 * page, the service worker and the cable all offline (docs/architecture.md §9):
 * - an agent signs in on a fresh profile, opens nothing but the dashboard and waits for
 *   "Ready offline"; the phone loses its signal and the browser is closed and opened again
 *   with none. Every agent route opens; a borrower is registered (photo, consent, area), a
 *   loan applied for a borrower never opened, a follow-up recorded on a loan never opened
 *   and loan files uploaded. Back online, each reaches the server exactly once.
 * - The same fresh phone, offline, lists the complaints the agent recorded with what the
 *   lender did to them (category, status, resolution), in English and in Kiswahili, and
 *   none of the business's other complaints (the lender's, a borrower's SMS).
 * - What leaves the agent's reach leaves the phone: a borrower the lender erased, the whole
 *   working set when the lender suspends the agent, and at Log out (unsent work stays).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  borrowers,
  followUps,
  loanAgreementFiles,
  loanAgreements,
  loans,
} from '../../server/db/schema';
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
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium';
import { swahili as sw } from '../../src/i18n/sw';
import {
  goOffline,
  goOnline,
  PHONE,
  registerBorrowerInDialog,
  startE2E,
  untilWorkerControls,
  waitForPath,
  wireNetwork,
  type E2E,
  signIn,
} from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let areaName: string;
let zawadi: { id: number };
let wanjiku: { id: number; idNumber: string; phoneNumber: string };
let activeLoanId: number;
const profiles: string[] = [];
const contexts: BrowserContext[] = [];

const SMS_SECRET = 'field-ready-sms-secret-0123456789';

beforeAll(async () => {
  e2e = await startE2E({ SMS_CALLBACK_SECRET: SMS_SECRET });
  lender = await approvedLender(e2e.server, 'Rehema');
  agent = await activeAgent(e2e.server, lender);
  const areas = await call(
    e2e.server,
    'GET',
    `/lender-business-area/${lender.businessId}`,
    undefined,
    lender.token,
  );
  areaName = (areas.body as { id: number; name: string }[]).find(
    (a) => a.id === agent.areaId,
  )!.name;
  const cycle = await createCycle(e2e.server, lender, 7);
  const plan = await createPlan(e2e.server, lender, {
    repaymentCycleId: cycle.id,
    name: 'Soko 28',
    durationInDays: 28,
  });
  await deposit(e2e.server, lender, 50_000);
  const register = (firstName: string, lastName: string) =>
    registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
      firstName,
      lastName,
    });
  zawadi = await register('Zawadi', 'Mutua');
  wanjiku = await register('Wanjiku', 'Kamau');
  activeLoanId = (
    await disbursedLoan(e2e.server, agent, lender, {
      borrowerId: zawadi.id,
      planId: plan.id,
      principal: 5_000,
    })
  ).id;
});

// A test that fails offline leaves the next one its signal.
afterEach(() => {
  if (e2e.cable.pulled()) e2e.cable.plugIn();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await e2e?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

/** Chromium on a phone with its own profile, reaching the server through the cable. */
async function openPhone(profileDir: string, offline = false): Promise<Page> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    baseURL: e2e.cable.url,
    viewport: PHONE,
    offline,
    args: TEST_CHROMIUM_ARGS,
  });
  contexts.push(context);
  wireNetwork(context, e2e.server, e2e.cable);
  return context.pages()[0] ?? (await context.newPage());
}

function newProfile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-field-'));
  profiles.push(dir);
  return dir;
}

/** Everything a store of the phone's IndexedDB database holds, as JSON text. */
function storeText(page: Page, database: string, store: string): Promise<string> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(name!);
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName!)) return resolve('');
          const read = db.transaction(storeName!).objectStore(storeName!).getAll();
          read.onsuccess = () => resolve(JSON.stringify(read.result));
          read.onerror = () => resolve('');
        };
      }),
    [database, store],
  );
}

async function workingSetText(page: Page): Promise<string> {
  const stores = ['state', 'shards', 'people', 'borrowers', 'loans', 'followUps', 'agreements'];
  const texts = await Promise.all(stores.map((s) => storeText(page, 'mkopo-working-set', s)));
  return texts.join('\n');
}

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}

/** The agent routes, each with the heading it opens on. */
const agentRoutes = (): [string, string][] => [
  ['/dashboard', 'Agent Dashboard'],
  ['/agent/business-selector', 'Agent Dashboard'],
  ['/dashboard/borrowers', 'Borrowers'],
  [`/dashboard/borrowers/${wanjiku.id}`, 'Borrower details'],
  ['/dashboard/loan-application', 'Loan Application'],
  ['/dashboard/follow-up', 'Follow-ups'],
  [`/dashboard/follow-up/${activeLoanId}`, 'Zawadi Mutua'],
  [`/dashboard/loans/${activeLoanId}/statement`, 'Loan statement'],
  ['/dashboard/loan-agreement', 'Loan Files'],
  ['/dashboard/complaints', 'Complaints'],
  ['/dashboard/outbox', 'Outbox'],
  ['/dashboard/loanplan/add', 'Loan Plans'],
  ['/dashboard/agent/profile', 'My Profile'],
  ['/dashboard/help', 'Help'],
  ['/dashboard/reports', 'Reports'],
];

describe('an agent who opened only the dashboard', () => {
  it(
    'works a whole day with no signal, and everything arrives once',
    { timeout: 300_000 },
    async () => {
      const profile = newProfile();
      let page = await openPhone(profile);
      await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
      await untilWorkerControls(page);
      // Nothing else is opened: the working set arrives by itself.
      await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 30_000 });
      await page
        .getByTestId('kept-counts')
        .getByText(/2 borrowers/)
        .waitFor();

      // Out of signal; the browser closed and opened again with none.
      await goOffline(page);
      await page.context().close();
      page = await openPhone(profile, true);
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();
      await goOffline(page);

      for (const [route, heading] of agentRoutes()) {
        await page.goto(route);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        // Nothing on it failed to load.
        expect(await page.getByText(/could not be loaded|Failed to load/i).count(), route).toBe(0);
      }

      // A borrower, with a photo and consent, in the area chosen.
      await page.goto('/dashboard/borrowers');
      await page.getByRole('listitem').filter({ hasText: 'Wanjiku Kamau' }).waitFor();
      await registerBorrowerInDialog(page, {
        first: 'Akinyi',
        phone: '0712 555 701',
        idNumber: '31555701',
        area: areaName,
      });
      await page.getByText('Saved on this phone').first().waitFor();

      // A loan application for a borrower never opened online.
      await page.goto('/dashboard/loan-application');
      await page.getByRole('textbox', { name: 'Borrower' }).click();
      await page.getByRole('option', { name: /Wanjiku Kamau/ }).click();
      await page.getByRole('textbox', { name: 'Loan Plan' }).click();
      await page.getByRole('option', { name: /Soko 28/ }).click();
      await page.getByRole('textbox', { name: 'Principal Amount' }).fill('3000');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Saved on this phone').first().waitFor();

      // A follow-up on a loan never opened online: found from the follow-up list.
      await page.goto('/dashboard/follow-up');
      await page.getByText('Zawadi Mutua').first().click();
      await waitForPath(page, `/dashboard/follow-up/${activeLoanId}`);
      await page.getByRole('button', { name: 'Create Follow-Up' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Follow-Up' });
      await dialog
        .getByRole('textbox', { name: 'Comment' })
        .fill('Found at the market; pays Friday.');
      await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
      await page
        .getByRole('region', { name: 'Follow-up History' })
        .getByRole('listitem')
        .filter({ hasText: 'Found at the market' })
        .getByText('Sending')
        .waitFor();

      // Loan files for a borrower never opened online.
      await page.goto('/dashboard/loan-agreement');
      await page.getByRole('textbox', { name: 'Description' }).fill('Signed agreement, witnessed.');
      await page.getByRole('textbox', { name: 'Borrower' }).click();
      await page.getByRole('option', { name: /Wanjiku Kamau/ }).click();
      await page
        .locator('input[type="file"][name="loanAgreementfilesorImage"]')
        .setInputFiles({ name: 'agreement.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
      await page.getByRole('button', { name: 'Upload Files' }).click();
      await page.getByText('Saved on this phone').first().waitFor();

      // Back in signal: the outbox drains by itself, and each item arrives once.
      await page.goto('/dashboard/outbox');
      // Every item, by its label: a failure names the ones there (twice in CI, 3 were
      // counted the moment the first was drawn, and the run could not say which was not).
      await expect
        .poll(() =>
          page
            .getByRole('article')
            .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
        )
        .toHaveLength(4);
      await goOnline(page);
      await page.getByText(/Everything has been sent/).waitFor({ timeout: 30_000 });
      const db = e2e.server.database.db;
      const akinyi = await db.select().from(borrowers).where(eq(borrowers.firstName, 'Akinyi'));
      expect(akinyi).toHaveLength(1);
      expect(akinyi[0]!.passportPhotoId).toBeTruthy();
      expect(akinyi[0]!.lenderBusinessAreaId).toBe(agent.areaId);
      expect(akinyi[0]!.consentedAt).toBeTruthy();
      expect(
        await countOf(
          db.select({ n: count() }).from(loans).where(eq(loans.borrowerId, wanjiku.id)),
        ),
      ).toBe(1);
      expect(
        await countOf(
          db
            .select({ n: count() })
            .from(followUps)
            .where(
              and(
                eq(followUps.loanId, activeLoanId),
                eq(followUps.comment, 'Found at the market; pays Friday.'),
              ),
            ),
        ),
      ).toBe(1);
      expect(
        await countOf(
          db
            .select({ n: count() })
            .from(loanAgreementFiles)
            .innerJoin(loanAgreements, eq(loanAgreements.id, loanAgreementFiles.loanAgreementId))
            .where(eq(loanAgreements.borrowerId, wanjiku.id)),
        ),
      ).toBe(1);
      // What arrived is on the phone too, under its real id.
      await page.goto('/dashboard/borrowers');
      const row = page.getByRole('listitem').filter({ hasText: 'Akinyi Njoki' });
      await row.waitFor();
      await expect.poll(() => row.getByText('Sending').count()).toBe(0);
    },
  );
});

describe('complaints on a phone that opened only the dashboard', () => {
  it(
    'lists the agent’s complaints as the lender left them, offline, in English and Kiswahili',
    { timeout: 180_000 },
    async () => {
      const complain = async (token: string, body: Record<string, unknown>) => {
        const res = await call(
          e2e.server,
          'POST',
          '/complaint',
          { lenderBusinessId: lender.businessId, category: 'charges', ...body },
          token,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return (res.body as { data: { id: number; reference: string } }).data;
      };
      // Recorded by the agent earlier (online, on another phone), then worked by the lender.
      const mine = await complain(agent.token, {
        borrowerId: wanjiku.id,
        text: 'Charged twice for the same loan.',
      });
      for (const change of [
        { category: 'repayment_not_credited' },
        { status: 'resolved', resolution: 'Second charge refunded to M-Pesa.' },
      ]) {
        const res = await call(e2e.server, 'PATCH', `/complaint/${mine.id}`, change, lender.token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      // The business's other complaints, which the agent may not read.
      const lenders = await complain(lender.token, {
        borrowerId: zawadi.id,
        text: 'Recorded at the lender desk.',
      });
      const sms = await fetch(`${e2e.server.api}/sms/callback/${SMS_SECRET}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          from: `+${wanjiku.phoneNumber}`,
          to: '22384',
          text: 'COMPLAINT nobody answers my calls',
          id: 'ATXid_field_ready_1',
        }).toString(),
      });
      expect(sms.status).toBe(200);

      const page = await openPhone(newProfile());
      await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
      await untilWorkerControls(page);
      await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 30_000 });
      await goOffline(page);
      await page.goto('/dashboard/complaints');
      await page.getByRole('heading', { name: 'Complaints', level: 1 }).waitFor();
      const card = page.getByRole('listitem').filter({ hasText: mine.reference });
      await card.waitFor();
      await card.getByText('Resolved').waitFor();
      await card.getByText('Wanjiku Kamau · Repayment not credited').waitFor();
      await card.getByText('Second charge refunded to M-Pesa.').waitFor();
      expect(await page.getByText(lenders.reference).count()).toBe(0);
      expect(await page.getByText('nobody answers my calls').count()).toBe(0);
      expect(
        await page.getByText(/could not be loaded|Failed to load|You are offline/).count(),
      ).toBe(0);

      // The phone set to Kiswahili, reopened with no signal.
      const c = sw.complaints;
      await page.evaluate(() => localStorage.setItem('mkopo-language', 'sw'));
      await page.reload();
      await page.getByRole('heading', { name: c.title, level: 1 }).waitFor();
      const kadi = page.getByRole('listitem').filter({ hasText: mine.reference });
      await kadi.getByText(c.statuses.resolved).waitFor();
      await kadi.getByText(`Wanjiku Kamau · ${c.categories.repayment_not_credited}`).waitFor();
      await kadi.getByText(`${c.resolution}:`).waitFor();
      expect(await page.getByText(c.offlineList).count()).toBe(0);
      // Nothing of this reached the server: every read came from the phone.
      await goOnline(page);
      await page.context().close();
    },
  );
});

describe('leaving the phone', () => {
  it('a borrower the lender erased leaves it at the next sync', async () => {
    const gone = await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
      firstName: 'Halima',
      lastName: 'Erased',
    });
    const page = await openPhone(newProfile());
    await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
    await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await workingSetText(page)).toContain(gone.idNumber);
    const erased = await call(
      e2e.server,
      'POST',
      `/borrower/${gone.id}/erase`,
      undefined,
      lender.token,
    );
    expect(erased.status).toBe(200);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => workingSetText(page)).not.toContain(gone.idNumber);
    const held = await workingSetText(page);
    expect(held).not.toContain(gone.phoneNumber);
    expect(held).not.toContain('Halima');
    await page.context().close();
  });

  it('a suspended agent’s next contact wipes the working set', async () => {
    const suspended = await activeAgent(e2e.server, lender);
    const page = await openPhone(newProfile());
    await signIn(page, { role: 'agent', email: suspended.email, password: suspended.password });
    await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await storeText(page, 'mkopo-working-set', 'borrowers')).toContain('Wanjiku');
    const res = await call(
      e2e.server,
      'PATCH',
      `/agent/${suspended.id}/suspend`,
      undefined,
      lender.token,
    );
    expect(res.status).toBe(200);
    // The next time the phone reaches the server: here, Sync now.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => storeText(page, 'mkopo-working-set', 'borrowers')).toBe('[]');
    expect(await storeText(page, 'mkopo-working-set', 'state')).toBe('[]');
    await page.context().close();
  });

  it('Log out wipes the working set and what was read, and keeps unsent work', async () => {
    const page = await openPhone(newProfile());
    await signIn(page, { role: 'agent', email: agent.email, password: agent.password });
    await untilWorkerControls(page);
    await page.getByText('Ready offline', { exact: true }).waitFor({ timeout: 30_000 });
    // Work typed with no signal, not sent yet.
    await goOffline(page);
    await page.goto(`/dashboard/follow-up/${activeLoanId}`);
    await page.getByRole('button', { name: 'Create Follow-Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Follow-Up' });
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Left a note with her neighbour.');
    await dialog.getByRole('button', { name: 'Create Follow-Up' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await workingSetText(page)).toContain('Wanjiku');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const warning = page.getByRole('dialog', { name: 'Work not sent yet' });
    await warning.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await expect.poll(() => workingSetText(page)).not.toContain('Wanjiku');
    expect(await storeText(page, 'mkopo-working-set', 'borrowers')).toBe('[]');
    expect(await storeText(page, 'mkopo', 'mirrors')).not.toContain('Wanjiku');
    expect(await storeText(page, 'mkopo', 'outbox')).toContain('Left a note with her neighbour.');
    await goOnline(page);
    await page.context().close();
  });
});
