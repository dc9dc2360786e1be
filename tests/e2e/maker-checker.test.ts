/**
 * Two administrators for the riskiest acts, in Chromium with two admin browser contexts: the
 * super admin sets the threshold on Settings; Wanjiku, a second administrator, refunds an
 * unassigned payment above it, which then waits ("Waiting for a second admin"); on Approvals
 * she can only withdraw her own proposal, never approve it; the super admin approves it
 * after confirming, and the refund is done.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherAdmin } from '../support/fixtures';
import { eventually, ledgerViolations, pay } from '../support/money';
import { ADMIN_EMAIL } from '../support/test-server';
import { snap, startE2E, waitForPath, type E2E, signIn } from './support';

let e2e: E2E;
let wanjiku: { email: string; password: string };

beforeAll(async () => {
  e2e = await startE2E();
  wanjiku = await anotherAdmin(e2e.server, 'Wanjiku');
  const paid = await pay(e2e.server, {
    paybill: '999999',
    account: 'NOLOAN',
    amount: 5_000,
    transId: 'RKE2EMC001',
  });
  expect(paid.status).toBe(200);
});

afterAll(async () => {
  await e2e?.close();
});

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('two administrators in Chromium', () => {
  it('one proposes, the other approves, the first cannot', async () => {
    const superAdmin = await signIn(await e2e.newPage(), { role: 'admin', server: e2e.server });
    await superAdmin
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await waitForPath(superAdmin, '/dashboard/settings');
    await superAdmin.getByText('Off: one administrator is always enough.').waitFor();
    await superAdmin.getByRole('textbox', { name: 'Second approval from (KES)' }).fill('1000');
    await superAdmin.getByRole('button', { name: 'Save' }).click();
    await superAdmin.getByText('Settings saved.').first().waitFor();
    await superAdmin.getByText('From KES 1,000.00, a second administrator approves.').waitFor();
    await snap(superAdmin, 'settings-desktop');

    // Wanjiku refunds the payment: above the threshold, it waits.
    const proposer = await signIn(await e2e.newPage(), {
      role: 'admin',
      email: wanjiku.email,
      password: wanjiku.password,
      server: e2e.server,
    });
    await proposer.goto('/dashboard/settings');
    await proposer.getByText('Only the super admin can change this.').waitFor();
    expect(await proposer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await proposer.goto('/dashboard/admin/unassigned-payments');
    const row = rowWith(proposer, 'RKE2EMC001');
    await row.getByRole('button', { name: 'Refund payment RKE2EMC001' }).click();
    const refund = proposer.getByRole('dialog', { name: 'Refund to the payer' });
    await refund.getByRole('textbox', { name: /Payer phone number/ }).fill('0712345678');
    await refund.getByRole('button', { name: 'Next' }).click();
    await refund.getByRole('button', { name: 'Send refund' }).click();
    await proposer
      .getByText(/so it waits for a second administrator's approval/)
      .first()
      .waitFor();
    await row.getByText('Waiting for a second admin').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    // On Approvals, her own proposal can be withdrawn, not approved.
    await proposer
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Approvals' })
      .click();
    await waitForPath(proposer, '/dashboard/admin/approvals');
    const own = rowWith(proposer, 'RKE2EMC001');
    await own.getByText('Yours: another administrator approves it').waitFor();
    await own.getByRole('button', { name: /^Reject: Refund an unassigned payment/ }).waitFor();
    expect(await own.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await snap(proposer, 'approvals-own-desktop');

    // The super admin approves it, after confirming.
    await superAdmin.goto('/dashboard/admin/approvals');
    const waiting = rowWith(superAdmin, 'RKE2EMC001');
    await waiting.getByText(wanjiku.email).waitFor();
    await waiting.getByText('To 254712345678').waitFor();
    await waiting
      .getByRole('button', { name: 'Approve: Refund an unassigned payment RKE2EMC001' })
      .click();
    const dialog = superAdmin.getByRole('dialog', { name: 'Approve this act' });
    await dialog
      .getByText(
        `Refund an unassigned payment of KES 5,000.00, proposed by ${wanjiku.email}. Approving does it now and cannot be undone.`,
      )
      .waitFor();
    await snap(superAdmin, 'approvals-approve-dialog-desktop');
    await dialog.getByRole('button', { name: 'Approve and do it' }).click();
    await superAdmin
      .getByText(
        'Approved. Refund sent to M-Pesa. The payment is marked refunded when M-Pesa confirms.',
      )
      .first()
      .waitFor();
    await superAdmin.getByText('Nothing waits for a second administrator.').waitFor();

    await superAdmin.goto('/dashboard/admin/unassigned-payments');
    const done = rowWith(superAdmin, 'RKE2EMC001');
    await eventually(async () => {
      await superAdmin.getByRole('button', { name: 'Refresh' }).click();
      return (await done.getByText('Refunded', { exact: true }).count()) > 0;
    });
    // The audit log names both.
    await superAdmin.goto('/dashboard/audit-logs');
    await superAdmin
      .getByText(`Proposed by ${wanjiku.email} · second: ${ADMIN_EMAIL}`)
      .first()
      .waitFor();
    expect(await ledgerViolations(e2e.server)).toEqual([]);
  });
});
