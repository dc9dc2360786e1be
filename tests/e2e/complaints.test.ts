/**
 * The complaints register in Chromium (the README's "Complaints"): an agent whose phone is set
 * to Kiswahili records a borrower's complaint with the page, the service worker and the cable
 * all offline; back online it reaches the server exactly once and the borrower gets the
 * acknowledgement. The lender finds it in the queue, assigns it, resolves it with a resolution;
 * the administrator sees it in every lender's register and in the report.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complaints, smsMessages } from '../../server/db/schema';
import { swahili as sw } from '../../src/i18n/sw';
import {
  activeAgent,
  approvedLender,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { eventually } from '../support/money';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/test-server';
import {
  answerAdminCode,
  goOffline,
  goOnline,
  PHONE,
  startE2E,
  toast,
  untilWorkerControls,
  waitForPath,
  type E2E,
} from './support';

let e2e: E2E;
let lender: Lender;
let agent: Agent;
let borrower: { id: number };

beforeAll(async () => {
  e2e = await startE2E();
  lender = await approvedLender(e2e.server, 'Makena');
  agent = await activeAgent(e2e.server, lender);
  borrower = await registerBorrower(e2e.server, agent.token, lender.businessId, agent.areaId, {
    firstName: 'Neema',
    lastName: 'Wafula',
  });
}, 240_000);

afterEach(() => {
  if (e2e.cable.pulled()) e2e.cable.plugIn();
});

afterAll(async () => {
  await e2e?.close();
});

const complaintsOfBorrower = async () =>
  (
    await e2e.server.database.db
      .select({ n: count() })
      .from(complaints)
      .where(eq(complaints.borrowerId, borrower.id))
  )[0]?.n ?? 0;

describe('a complaint from the field to its resolution', () => {
  it(
    'is recorded offline in Kiswahili, arrives once, and is resolved by the lender',
    { timeout: 300_000 },
    async () => {
      const c = sw.complaints;
      const phone = await e2e.newPage({ viewport: PHONE, serviceWorker: true });
      await phone.goto('/login/agent');
      await phone.evaluate(() => localStorage.setItem('mkopo-language', 'sw'));
      await phone.reload();
      await phone.getByLabel(new RegExp(`^${sw.auth.emailLabel}`)).fill(agent.email);
      await phone.getByLabel(new RegExp(`^${sw.auth.passwordLabel}`)).fill(agent.password);
      await phone.getByRole('button', { name: sw.auth.signIn, exact: true }).click();
      await phone.waitForURL((url) => url.pathname !== '/login/agent');
      await untilWorkerControls(phone);
      await phone
        .getByText(sw.workingSet.ready, { exact: true })
        .first()
        .waitFor({ timeout: 30_000 });

      // No signal: the screen opens, the borrower comes from the working set.
      await goOffline(phone);
      await phone.goto('/dashboard/complaints');
      await phone.getByRole('heading', { name: c.title, level: 1 }).waitFor();
      await phone.getByRole('button', { name: c.record }).click();
      await phone.getByText(c.borrowerRequired).waitFor();
      await phone.getByRole('textbox', { name: new RegExp(`^${c.borrowerLabel}`) }).click();
      await phone.getByRole('option', { name: /Neema Wafula/ }).click();
      await phone.getByRole('textbox', { name: new RegExp(`^${c.categoryLabel}`) }).click();
      await phone.getByRole('option', { name: c.categories.repayment_not_credited }).click();
      await phone
        .getByRole('textbox', { name: new RegExp(`^${c.textLabel.replace('?', '\\?')}`) })
        .fill('Nililipa KES 500 Jumatatu lakini halijaonekana.');
      await phone.getByRole('button', { name: c.record }).click();
      await toast(phone, sw.offline.savedOffline).waitFor();
      await phone.getByText(c.sending).first().waitFor();
      expect(await complaintsOfBorrower()).toBe(0);

      // Back online: it goes once, and the borrower is acknowledged.
      await goOnline(phone);
      await eventually(async () => (await complaintsOfBorrower()) === 1, 30_000);
      await phone
        .getByText(/^CMP-\d{4}-\d{6}$/)
        .first()
        .waitFor({ timeout: 30_000 });
      const [row] = await e2e.server.database.db
        .select()
        .from(complaints)
        .where(eq(complaints.borrowerId, borrower.id));
      expect(row).toMatchObject({
        channel: 'agent',
        category: 'repayment_not_credited',
        status: 'open',
      });
      await eventually(async () => {
        const [ack] = await e2e.server.database.db
          .select({ n: count() })
          .from(smsMessages)
          .where(
            and(
              eq(smsMessages.borrowerId, borrower.id),
              eq(smsMessages.kind, 'complaint_received'),
            ),
          );
        return (ack?.n ?? 0) === 1;
      });
      // A reload sends nothing twice.
      await phone.reload();
      await phone.getByText(row!.reference).waitFor();
      expect(await complaintsOfBorrower()).toBe(1);

      // The lender's queue: found, assigned, resolved.
      const desk = await e2e.newPage();
      await desk.goto('/login/lender');
      await desk.getByLabel(/^Email/).fill(lender.email);
      await desk.getByLabel(/^Password/).fill('Lender#2026');
      await desk.getByRole('button', { name: 'Sign In' }).click();
      await desk.waitForURL((url) => url.pathname !== '/login/lender');
      await desk.goto('/dashboard/complaints');
      await desk.getByRole('heading', { name: 'Complaints', level: 1 }).waitFor();
      await desk.getByRole('link', { name: row!.reference }).click();
      await waitForPath(desk, `/dashboard/complaints/${row!.id}`);
      await desk.getByText('Nililipa KES 500 Jumatatu lakini halijaonekana.').waitFor();
      // Recorded as a repayment not credited; the lender files it under charges instead.
      await desk.getByRole('textbox', { name: 'Category' }).click();
      await desk.getByRole('option', { name: 'Charges or interest' }).click();
      await desk.getByRole('button', { name: 'Change category' }).click();
      await desk
        .getByText('Category changed: Repayment not credited → Charges or interest')
        .waitFor();
      expect(
        (
          await e2e.server.database.db.select().from(complaints).where(eq(complaints.id, row!.id))
        )[0]?.category,
      ).toBe('charges');
      await desk.getByRole('button', { name: 'Start work' }).click();
      await desk.getByText('Status changed: In progress').waitFor();
      await desk.getByRole('textbox', { name: /^Resolution/ }).fill('Payment found and applied.');
      await desk.getByRole('button', { name: 'Resolve' }).click();
      await desk.getByText('Status changed: Resolved').waitFor();
      await eventually(async () => {
        const [sent] = await e2e.server.database.db
          .select({ n: count() })
          .from(smsMessages)
          .where(
            and(
              eq(smsMessages.borrowerId, borrower.id),
              eq(smsMessages.kind, 'complaint_resolved'),
            ),
          );
        return (sent?.n ?? 0) === 1;
      });

      // The administrator: the register and the report.
      const admin = await e2e.newPage();
      await admin.goto('/login/admin');
      await admin.getByLabel(/^Email/).fill(ADMIN_EMAIL);
      await admin.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
      await admin.getByRole('button', { name: 'Sign In' }).click();
      await answerAdminCode(admin, e2e.server);
      await waitForPath(admin, '/dashboard');
      await admin.goto('/dashboard/complaints');
      await admin.getByRole('link', { name: row!.reference }).waitFor();
      const report = admin.getByTestId('complaints-report');
      await report.getByText('Charges or interest: 1').waitFor();
      await report.getByText('Median time to resolve').waitFor();
    },
  );
});
