/**
 * The super admin's Administrators section in Chromium: adding an administrator on Settings (the
 * form's messages first), the new administrator following the emailed link to set a password,
 * signing in and setting up the second factor, then the super admin resetting that factor,
 * deactivating and reactivating the person, each after a confirmation naming them. An admin who
 * is not the super admin does not see the section. The section and its dialog pass axe; it reads
 * in Kiswahili on a phone set to it, as cards.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/money';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  lastMailedLink,
  nextFactorCode,
  totpCode,
} from '../support/test-server';
import { PHONE, snap, startE2E, toast, waitForPath, type E2E, signIn } from './support';

const NAME = 'Achieng Otieno';
const EMAIL = 'achieng.otieno@mkopo.test';
const PASSWORD = 'Achieng#2026';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.html.slice(0, 160)}`);
}

const section = (page: Page) =>
  page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Administrators', exact: true }) });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('administrators in Chromium', () => {
  it('the super admin adds one; it sets a password from the mail, sets up its factor; the super admin resets it, deactivates and reactivates', async () => {
    const superAdmin = await e2e.newPage();
    await signIn(superAdmin, { role: 'admin', server: e2e.server });
    await superAdmin
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await waitForPath(superAdmin, '/dashboard/settings');
    await section(superAdmin).waitFor();
    await rowOf(superAdmin, ADMIN_EMAIL).getByText('You').waitFor();

    // The form says what is missing or wrong before anything is sent.
    await superAdmin.getByRole('button', { name: 'Add administrator' }).click();
    const dialog = superAdmin.getByRole('dialog', { name: 'Add an administrator' });
    await dialog.getByRole('button', { name: 'Add administrator' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Email is required').waitFor();
    expect(await seriousViolations(superAdmin)).toEqual([]);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('achieng-at-mkopo');
    await dialog.getByRole('button', { name: 'Add administrator' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    // A taken email: the server's sentence, in the dialog.
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Add administrator' }).click();
    await dialog.getByText('This email address already belongs to an account.').waitFor();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(EMAIL);
    await dialog.getByRole('button', { name: 'Add administrator' }).click();
    await toast(
      superAdmin,
      `Administrator added. ${EMAIL} has been emailed a link to set a password.`,
    ).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf(superAdmin, EMAIL);
    await row.getByText('Second factor: Not set up').waitFor();
    await row.getByText('Active').waitFor();
    expect(await seriousViolations(superAdmin)).toEqual([]);
    await snap(superAdmin, 'administrators-desktop');

    // The new administrator follows the mailed link, sets a password and signs in.
    const link = new URL(await eventually(async () => lastMailedLink(e2e.server, EMAIL)));
    expect(link.searchParams.get('type')).toBe('admin');
    const achieng = await e2e.newPage();
    await achieng.goto(`${link.pathname}${link.search}`);
    await achieng.getByRole('heading', { name: 'Set your password' }).waitFor();
    await achieng.getByLabel(/^New Password/).fill(PASSWORD);
    await achieng.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await achieng.getByRole('button', { name: 'Set Password' }).click();
    await achieng.getByRole('heading', { name: 'Password Set' }).waitFor();
    await achieng.getByRole('link', { name: 'Go to Login' }).click();
    await waitForPath(achieng, '/login/admin');
    await achieng.getByLabel(/^Email/).fill(EMAIL);
    await achieng.getByLabel(/^Password/).fill(PASSWORD);
    await achieng.getByRole('button', { name: 'Sign In' }).click();

    // The second factor comes first.
    await waitForPath(achieng, '/second-factor/setup');
    await achieng.getByRole('button', { name: 'Set up a second factor' }).click();
    const secret = (await achieng.getByTestId('second-factor-secret').innerText()).replace(
      /\s/g,
      '',
    );
    await achieng.getByLabel(/^Code/).fill(totpCode(secret));
    await achieng.getByRole('button', { name: 'Confirm' }).click();
    await achieng.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await waitForPath(achieng, '/dashboard');
    await achieng.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // An admin who is not the super admin does not see the section.
    await achieng
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await waitForPath(achieng, '/dashboard/settings');
    await achieng.getByText('Only the super admin can change this.').waitFor();
    expect(
      await achieng.getByRole('heading', { name: 'Administrators', exact: true }).count(),
    ).toBe(0);

    // The super admin sees the factor set up, and resets it after a confirmation naming her.
    await superAdmin.reload();
    await row.getByText('Second factor: Set up').waitFor();
    await row.getByRole('button', { name: 'Reset second factor' }).click();
    const reset = superAdmin.getByRole('dialog', { name: 'Reset the second factor' });
    await reset
      .getByText(`${NAME} (${EMAIL}) will be signed out at once`, { exact: false })
      .waitFor();
    expect(await seriousViolations(superAdmin)).toEqual([]);
    await reset.getByRole('button', { name: 'Reset second factor' }).click();
    await toast(
      superAdmin,
      'The second factor was reset and every session of that user ended.',
    ).waitFor();
    await row.getByText('Second factor: Not set up').waitFor();
    expect(await row.getByRole('button', { name: 'Reset second factor' }).count()).toBe(0);

    // Her session ended: the app drops it and leaves the console (to the start page).
    await achieng.reload();
    await expect
      .poll(() => new URL(achieng.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/(login\/admin)?$/);

    // Deactivate, then reactivate, each asked first.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const off = superAdmin.getByRole('dialog', { name: 'Deactivate this administrator' });
    await off
      .getByText(`${NAME} (${EMAIL}) will be signed out at once`, { exact: false })
      .waitFor();
    await off.getByRole('button', { name: 'Deactivate' }).click();
    await toast(superAdmin, `${NAME} is deactivated and has been signed out.`).waitFor();
    await row.getByText('Deactivated').waitFor();
    await row.getByRole('button', { name: 'Reactivate' }).click();
    const on = superAdmin.getByRole('dialog', { name: 'Reactivate this administrator' });
    await on.getByRole('button', { name: 'Reactivate' }).click();
    await toast(superAdmin, `${NAME} is active again.`).waitFor();
    await row.getByText('Active').waitFor();
  });

  it('reads in Kiswahili on a phone set to it, as cards', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('mkopo-language', 'sw'));
    await page.goto('/login/admin');
    await page.getByLabel(/^(Email|Barua pepe)/).fill(ADMIN_EMAIL);
    await page.getByLabel(/^(Password|Nenosiri)/).fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.getByLabel(/^(Code|Nambari)/).waitFor();
    await answerAdminCodeSw(page);
    await waitForPath(page, '/dashboard');
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Wasimamizi' }).waitFor();
    await page.getByRole('button', { name: 'Ongeza msimamizi' }).waitFor();
    await page.getByText('Hatua ya pili: Imewekwa').first().waitFor();
    await page.getByText(NAME).waitFor();
    expect(await page.getByRole('row').filter({ hasText: EMAIL }).count()).toBe(0);
    await page
      .getByRole('group', { name: `Vitendo vya ${NAME}` })
      .getByRole('button', { name: 'Zima' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'administrators-phone-sw');
  });
});

/** The code step in Kiswahili: the code the super admin's authenticator would show. */
async function answerAdminCodeSw(page: Page) {
  const code = await nextFactorCode(e2e.server, ADMIN_EMAIL);
  if (!/^\d{6}$/.test(code)) {
    await page.getByRole('button', { name: /recovery code|nambari ya akiba/i }).click();
  }
  await page.getByLabel(/^(Code|Nambari|Recovery code|Nambari ya akiba)/).fill(code);
  await page.locator('button[type="submit"]').click();
}
