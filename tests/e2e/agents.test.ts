/**
 * Agent management in Chromium: an approved lender
 * registers an agent through the Create dialog; the agent follows the mailed
 * set-password link, signs in, lands on its only business and reads its profile; once
 * the lender suspends it, the agent can no longer sign in.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedLender, createArea } from '../support/fixtures';
import { lastMailedLink } from '../support/test-server';
import { PHONE, snap, startE2E, waitForPath, type E2E, signIn } from './support';

// The password tests/support/fixtures.ts gives every approved lender.
const LENDER_PASSWORD = 'Lender#2026';
const AGENT_PASSWORD = 'Field#Agent26';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

describe('agent management in Chromium', () => {
  it('a lender registers an agent, who sets a password, signs in and is later suspended', async () => {
    const lender = await approvedLender(e2e.server, 'Wanjiru');
    const area = await createArea(e2e.server, lender, lender.businessId, 'Gikomba Market');
    const agentEmail = 'otieno.field@example.co.ke';

    // The lender signs in to /dashboard, where its only business is chosen by itself.
    const lenderPage = await e2e.newPage();
    await signIn(lenderPage, {
      role: 'lender',
      email: lender.email,
      password: LENDER_PASSWORD,
      businessId: lender.businessId,
    });
    await lenderPage.getByText('Your figures for Wanjiru Capital.').waitFor();

    await lenderPage.goto('/dashboard/agent/register');
    await lenderPage.getByText(/^No agents in this business yet/).waitFor();
    await lenderPage.getByRole('button', { name: 'Register Agent' }).click();
    const dialog = lenderPage.getByRole('dialog', { name: 'Register Agent' });
    await dialog.waitFor();

    // Empty fields answer with the schema's messages; the area waits for a business.
    await dialog.getByRole('button', { name: 'Register Agent' }).click();
    await dialog.getByText('First Name is required').waitFor();
    await dialog.getByText('Lender Business Area is required').waitFor();
    expect(await dialog.getByLabel(/^Lender Business Area/).isDisabled()).toBe(true);

    await dialog.getByLabel(/^First Name/).fill('Otieno');
    await dialog.getByLabel(/^Last Name/).fill('Field');
    await dialog.getByLabel(/^Email/).fill(agentEmail);
    await dialog.getByLabel(/^Phone Number/).fill('0722000111');
    await dialog.getByLabel(/^ID Number/).fill('34567890');
    await choose(lenderPage, /^Business/, 'Wanjiru Capital');
    expect(await dialog.getByLabel(/^Lender Business Area/).isDisabled()).toBe(false);
    await choose(lenderPage, /^Lender Business Area/, area.name);
    await dialog.getByRole('button', { name: 'Register Agent' }).click();

    await lenderPage
      .getByText('Agent registered. A link to set a password has been sent to their email.')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = lenderPage.getByRole('row', { name: /Otieno Field/ });
    await row.getByText('Invited').waitFor();
    await row.getByText('Gikomba Market').waitFor();

    // The agent opens the mailed link on a phone and chooses a password.
    const link = lastMailedLink(e2e.server, agentEmail);
    expect(link).toBeTruthy();
    const linkUrl = new URL(link!);
    expect(linkUrl.pathname).toBe('/reset-password');
    expect(linkUrl.searchParams.get('type')).toBe('agent');
    expect(linkUrl.searchParams.get('token')).toBeTruthy();

    const agentPage = await e2e.newPage({ viewport: PHONE });
    await agentPage.goto(`${linkUrl.pathname}${linkUrl.search}`);
    // An invitation sets a first password: nothing is being reset.
    await agentPage.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await agentPage.getByText('Reset Password').count()).toBe(0);
    await agentPage.getByLabel(/^New Password/).fill(AGENT_PASSWORD);
    await agentPage.getByLabel(/^Confirm Password/).fill(AGENT_PASSWORD);
    await agentPage.getByRole('button', { name: 'Set Password' }).click();
    await agentPage.getByRole('heading', { name: 'Password Set' }).waitFor();
    await agentPage.getByRole('link', { name: 'Go to Login' }).click();
    await waitForPath(agentPage, '/login/agent');

    // Past the selector to the only business: picked by itself, never chosen by hand.
    await signIn(agentPage, {
      role: 'agent',
      email: agentEmail,
      password: AGENT_PASSWORD,
      businessId: lender.businessId,
    });
    await waitForPath(agentPage, '/dashboard');
    await agentPage.getByText('Your work for Wanjiru Capital.').waitFor();
    expect(await agentPage.getByRole('link', { name: 'Choose a business' }).count()).toBe(0);

    await agentPage.getByRole('button', { name: 'User menu' }).click();
    await agentPage.getByRole('menuitem', { name: 'Profile' }).click();
    await waitForPath(agentPage, '/dashboard/agent/profile');
    await agentPage.getByRole('heading', { name: 'Otieno Field' }).waitFor();
    await agentPage.getByText('34567890').waitFor();
    await agentPage.getByRole('tab', { name: 'Business' }).click();
    await agentPage.getByRole('tabpanel').getByText('Wanjiru Capital').waitFor();
    await agentPage.getByRole('tabpanel').getByText('Area: Gikomba Market').waitFor();

    // The agent keeps its own phone number current (an empty name is refused first).
    await agentPage.getByRole('tab', { name: 'Personal' }).click();
    const firstName = agentPage.getByLabel(/^First Name/);
    await firstName.fill('');
    await agentPage.getByRole('button', { name: 'Update Profile' }).click();
    await agentPage.getByText('First Name is required').waitFor();
    await firstName.fill('Otieno');
    await agentPage.getByLabel(/^Phone Number/).fill('0733 444 555');
    await agentPage.getByRole('button', { name: 'Update Profile' }).click();
    await agentPage.getByText('Profile updated successfully!').waitFor();
    await snap(agentPage, 'agent-profile-updated-phone');
    await agentPage
      .getByText('Your email and ID number can only be changed by your lender.')
      .waitFor();

    // The lender suspends the agent after a confirmation.
    await lenderPage.reload();
    await row.getByText('Active').waitFor();
    await row.getByText(/733\s?444\s?555/).waitFor();
    await row.getByRole('button', { name: 'Actions for Otieno Field' }).click();
    await lenderPage.getByRole('menuitem', { name: 'Suspend' }).click();
    const confirm = lenderPage.getByRole('dialog', { name: 'Suspend this agent?' });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await lenderPage.getByText('Agent suspended').waitFor();
    await row.getByText('Suspended').waitFor();

    // The suspended agent's next sign-in fails on the screen, saying why.
    const laterPage = await e2e.newPage({ viewport: PHONE });
    await signIn(laterPage, {
      role: 'agent',
      email: agentEmail,
      password: AGENT_PASSWORD,
      landing: false,
    });
    await laterPage
      .getByText('This account is suspended. Please contact your lender.')
      .first()
      .waitFor();
    expect(new URL(laterPage.url()).pathname).toBe('/login/agent');
    expect(await laterPage.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  }, 120_000);
});
