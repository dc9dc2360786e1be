/**
 * A registration the server refuses, repaired in the Outbox, in Chromium (docs/architecture.md
 * §7): offline, an agent registers a borrower with a phone number already registered in the
 * business; back online the server refuses it and it waits as "Needs attention". Edit
 * before sending again opens the registration form itself, in English and in Kiswahili:
 * real labels, the area by name, the phone as typed, no raw field name, nothing axe calls
 * serious. With the phone corrected, the borrower reaches the server once, photo and all.
 *
 * Screenshots of the form at 390 × 844 go to /tmp/outbox-repair-*.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers } from '../../server/db/schema';
import { borrowersEnglish } from '../../src/i18n/borrowers';
import { offline as offlineSwahili } from '../../src/i18n/sw/offline';
import { borrowers as borrowersSwahili } from '../../src/i18n/sw/borrowers';
import { storageKeys } from '../../src/lib/storage-keys';
import { activeAgent, approvedLender, registerBorrower, type Agent } from '../support/fixtures';
import { call } from '../support/test-server';
import {
  goOffline,
  goOnline,
  PHONE,
  registerBorrowerInDialog,
  startE2E,
  untilWorkerControls,
  waitForPath,
  type E2E,
} from './support';

const TAKEN = '0712 600 700';

let e2e: E2E;
let agent: Agent;
let areaName: string;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E({}, { serviceWorker: true });
  const lender = await approvedLender(e2e.server, 'Repair');
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
  await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
    firstName: 'Neema',
    lastName: 'Wanjiku',
    phoneNumber: TAKEN,
  });
  page = await e2e.newPage({ viewport: PHONE });
});

afterAll(async () => {
  await e2e?.close();
});

function borrowersNamed(firstName: string) {
  return e2e.server.database.db.select().from(borrowers).where(eq(borrowers.firstName, firstName));
}

/** Serious or critical WCAG A/AA findings in the open dialog, in the light and the dark theme. */
async function seriousFindings(): Promise<string[]> {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (scheme) => document.documentElement.getAttribute('data-mantine-color-scheme') === scheme,
      colorScheme,
    );
    const result = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    findings.push(
      ...result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}

/** The phone's language, set as the language switch sets it: stored, then the page reloads. */
async function speak(language: 'en' | 'sw') {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [storageKeys.language, language],
  );
  await page.reload();
}

/** The refused registration's repair form, opened from its card in the Outbox. */
async function openRepair(edit: string, title: string): Promise<Locator> {
  const card = page.getByRole('article', { name: 'Imani Njoki' });
  await card.getByRole('button', { name: edit }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** Nothing on the form reads as the request stores it: no field name, id or 2547… number. */
async function expectNoRawFields(dialog: Locator) {
  const text = await dialog.innerText();
  const values = await dialog
    .locator('input:not([type="hidden"]), textarea')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  for (const raw of ['firstName', 'lenderBusinessAreaId', 'phoneNumber', '254712600700']) {
    expect(text).not.toContain(raw);
    expect(values).not.toContain(raw);
  }
}

describe('a refused registration repaired in the Outbox', () => {
  it('opens in the registration form, and the corrected borrower reaches the server once', async () => {
    await page.goto('/login/agent');
    await page.getByLabel(/^Email/).fill(agent.email);
    await page.getByLabel(/^Password/).fill(agent.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/dashboard');
    await untilWorkerControls(page);
    await page.goto('/agent/business-selector');
    await waitForPath(page, '/dashboard');

    // One online visit of the form, so its areas are on the phone.
    await page.goto('/dashboard/borrowers');
    await page.getByRole('button', { name: 'Create Borrower' }).click();
    const warm = page.getByRole('dialog', { name: 'Create Borrower' });
    await warm.getByLabel(/^Area/).click();
    await page.getByRole('option', { name: areaName }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await warm.waitFor({ state: 'detached' });

    // Offline, a registration with a number the business already has.
    await goOffline(page);
    await registerBorrowerInDialog(page, {
      first: 'Imani',
      phone: TAKEN,
      idNumber: '31600701',
      area: areaName,
    });
    await page.getByText('Saved on this phone').first().waitFor();

    // Back online the server refuses it: it waits for the agent, with the server's sentence.
    await goOnline(page);
    await page.goto('/dashboard/outbox');
    const card = page.getByRole('article', { name: 'Imani Njoki' });
    await card.getByText('Needs attention').waitFor({ timeout: 30_000 });
    await card.getByText(borrowersEnglish.phoneTaken).waitFor();
    expect(await borrowersNamed('Imani')).toHaveLength(0);

    // The registration form itself: its labels, the area by name, the phone as typed.
    const dialog = await openRepair('Edit', 'Edit before sending again');
    await dialog.getByRole('alert').filter({ hasText: borrowersEnglish.phoneTaken }).waitFor();
    expect(await dialog.getByLabel(/^First Name/).inputValue()).toBe('Imani');
    const area = dialog.getByRole('textbox', { name: /^Area/ });
    await expect.poll(() => area.inputValue()).toBe(areaName);
    const phone = dialog.getByLabel(/^Phone Number/);
    expect(await phone.inputValue()).toBe('0712600700');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectNoRawFields(dialog);
    await page.screenshot({ path: '/tmp/outbox-repair-en.png' });
    expect(await seriousFindings()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The same form in Kiswahili.
    await speak('sw');
    const swahili = await openRepair(offlineSwahili.edit, offlineSwahili.editTitle);
    await swahili.getByRole('button', { name: borrowersSwahili.next, exact: true }).waitFor();
    expect(
      await swahili.getByLabel(new RegExp(`^${borrowersSwahili.firstNameLabel}`)).inputValue(),
    ).toBe('Imani');
    const eneo = swahili.getByRole('textbox', {
      name: new RegExp(`^${borrowersSwahili.areaLabel}`),
    });
    await expect.poll(() => eneo.inputValue()).toBe(areaName);
    await expectNoRawFields(swahili);
    await page.screenshot({ path: '/tmp/outbox-repair-sw.png' });
    expect(await seriousFindings()).toEqual([]);
    await page.keyboard.press('Escape');
    await swahili.waitFor({ state: 'detached' });
    await speak('en');

    // Corrected and saved: the item goes again, and the borrower arrives once, with the photo.
    const again = await openRepair('Edit', 'Edit before sending again');
    await again.getByLabel(/^Phone Number/).fill('0712 600 701');
    await again.getByRole('button', { name: 'Next', exact: true }).click();
    await again.getByText('Imani.png').waitFor();
    await page.screenshot({ path: '/tmp/outbox-repair-en-documents.png' });
    await again.getByRole('button', { name: 'Save and retry' }).click();
    await again.waitFor({ state: 'detached' });
    await page.getByText(/Everything has been sent/).waitFor({ timeout: 30_000 });

    const arrived = await borrowersNamed('Imani');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.phoneNumber).toBe('254712600701');
    expect(arrived[0]!.passportPhotoId).toBeTruthy();
    expect(await borrowersNamed('Neema')).toHaveLength(1);
  });
});
