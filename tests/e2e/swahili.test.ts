/**
 * An agent in Kiswahili (the README's "Working offline (agents)"), in Chromium: the sign-in screen
 * offers the switch, the agent switches in the user menu, the screens read in Swahili, and the
 * phone keeps the choice across reload and log-out. Offline the way offline.test.ts is (goOffline:
 * the pages, the service worker and the cable), the agent registers a borrower in the Swahili form,
 * whose SMS language starts as Kiswahili; back online it is sent once, with language sw.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers } from '../../server/db/schema';
import { PNG } from '../support/files';
import { activeAgent, approvedLender, type Agent, type Lender } from '../support/fixtures';
import {
  goOffline,
  goOnline,
  PHONE,
  startE2E,
  untilWorkerControls,
  type E2E,
  signIn,
} from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E({}, { serviceWorker: true });
  lender = await approvedLender(e2e.server, 'Neema');
  agent = await activeAgent(e2e.server, lender);
  page = await e2e.newPage({ viewport: PHONE });
});

afterAll(async () => {
  await e2e?.close();
});

async function pageLanguage(): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

/** The two-step Sajili Mkopaji dialog, with a passport photo. */
async function registerInSwahili(first: string, phone: string, idNumber: string) {
  await page.getByRole('button', { name: 'Sajili Mkopaji' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sajili Mkopaji' });
  await dialog.getByLabel(/^Jina la Kwanza/).fill(first);
  await dialog.getByLabel(/^Jina la Mwisho/).fill('Wanjiru');
  await dialog.getByLabel(/^Nambari ya Simu/).fill(phone);
  await dialog.getByLabel(/^Tarehe ya Kuzaliwa/).fill('02/03/1991');
  await dialog.getByLabel(/^Nambari ya Kitambulisho/).fill(idNumber);
  await dialog.getByLabel('Mwanamke').check();
  await dialog.getByLabel(/^Jina la Jamaa wa Karibu/).fill('Peter Wanjiru');
  await dialog.getByLabel(/^Nambari ya Jamaa wa Karibu/).fill('0711222444');
  await dialog.getByLabel(/^Uhusiano/).fill('Kaka');
  await dialog.getByLabel(/^Eneo/).click();
  await page.getByRole('option', { name: agent.areaName }).click();
  // The SMS language starts as the phone's.
  expect(await dialog.getByRole('textbox', { name: /^Lugha ya SMS/ }).inputValue()).toBe(
    'Kiswahili',
  );
  await dialog.getByRole('button', { name: 'Endelea', exact: true }).click();
  await dialog
    .locator('input[type="file"][name="passportPhoto"]')
    .setInputFiles({ name: `${first}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG) });
  await dialog.getByText(`${first}.png`).waitFor();
  await dialog.getByRole('checkbox', { name: 'Mkopaji amekubali' }).check();
  await dialog.getByRole('button', { name: 'Sajili Mkopaji' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('an agent in Kiswahili', () => {
  it('switches in the menu, works offline in Swahili, and the phone remembers it', async () => {
    await page.goto('/login/agent');
    await page.getByRole('button', { name: 'Switch the language to Kiswahili' }).waitFor();
    await signIn(page, {
      role: 'agent',
      email: agent.email,
      password: agent.password,
      open: false,
      labels: { email: /^Email/, password: /^Password/, signIn: /^Sign In$/ },
      selectBusiness: true,
    });
    await untilWorkerControls(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();

    // The switch, in the agent's menu: the page reloads in Swahili.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Language: English').waitFor();
    await page.getByRole('menuitem', { name: 'Switch the language to Kiswahili' }).click();
    await page.getByRole('heading', { name: 'Dashibodi ya Wakala' }).waitFor();
    expect(await pageLanguage()).toBe('sw');
    await page.getByRole('button', { name: 'Menyu ya mtumiaji' }).click();
    await page.getByText('Lugha: Kiswahili').waitFor();
    await page.keyboard.press('Escape');

    // One online visit of the borrowers screen and its form, as the field needs.
    await page.goto('/dashboard/borrowers');
    await page.getByRole('heading', { name: 'Wakopaji' }).waitFor();
    await page.getByRole('button', { name: 'Sajili Mkopaji' }).click();
    const warmDialog = page.getByRole('dialog', { name: 'Sajili Mkopaji' });
    await warmDialog.getByLabel(/^Eneo/).click();
    await page.getByRole('option', { name: agent.areaName }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await warmDialog.waitFor({ state: 'detached' });

    // No network at all: the app opens in Swahili and says it is offline in Swahili.
    await goOffline(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Wakopaji' }).waitFor();
    await page.getByText('Nje ya mtandao', { exact: true }).filter({ visible: true }).waitFor();

    await registerInSwahili('Wambui', '0712 555 801', '31555801');
    await page.getByText('Imehifadhiwa kwenye simu hii').first().waitFor();
    const pendingRow = page.getByRole('listitem').filter({ hasText: 'Wambui Wanjiru' });
    await pendingRow.getByText('Inatumwa').waitFor();

    await page.goto('/dashboard/outbox');
    await page.getByRole('heading', { name: 'Vinavyosubiri Kutumwa' }).waitFor();
    await page.getByRole('article').filter({ hasText: 'Usajili wa mkopaji' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    // Back online: sent by itself, once, with the borrower's SMS language.
    await goOnline(page);
    await page.getByText(/Kila kitu kimetumwa/).waitFor({ timeout: 30_000 });
    const sent = await e2e.server.database.db
      .select()
      .from(borrowers)
      .where(eq(borrowers.firstName, 'Wambui'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.language).toBe('sw');

    // Logging out keeps the language: the sign-in screen reads in Swahili.
    await page.getByRole('button', { name: 'Menyu ya mtumiaji' }).click();
    await page.getByRole('menuitem', { name: 'Toka' }).click();
    await page.goto('/login/agent');
    await page.getByRole('heading', { name: 'Kuingia kwa Wakala' }).waitFor();
    expect(await pageLanguage()).toBe('sw');
    // Signing in again returns to the screen the agent logged out from.
    await signIn(page, {
      role: 'agent',
      email: agent.email,
      password: agent.password,
      open: false,
      labels: { email: /^Barua pepe/, password: /^Nenosiri/, signIn: /^Ingia$/ },
      landing: '/dashboard/outbox',
      selectBusiness: true,
    });
    await page.getByRole('heading', { name: 'Dashibodi ya Wakala' }).waitFor();

    // And back to English from the same menu.
    await page.getByRole('button', { name: 'Menyu ya mtumiaji' }).click();
    await page.getByRole('menuitem', { name: 'Badilisha lugha iwe English' }).click();
    await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();
    expect(await pageLanguage()).toBe('en');
  });
});
