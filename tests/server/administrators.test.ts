/**
 * The super admin's management of administrators, over real HTTP against the real server (PGlite,
 * or PostgreSQL with TEST_DB=postgres): adding one mails a set-password link; the new admin sets
 * a password, signs in, must set up its second factor, and can then approve what the super admin
 * proposed at the threshold — maker-checker on a fresh install, nothing written to the database
 * by hand. Only the super admin manages administrators; deactivating ends sessions and refuses
 * sign-in, never for oneself or a super admin, and never below two active admins while a
 * threshold is set. Every act is audit-logged with both names.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../server/db/schema';
import {
  activeAgent,
  adminToken,
  anotherAdmin,
  approvedLender,
  setPasswordFromMail,
  type Lender,
} from '../support/fixtures';
import { eventually, pay } from '../support/money';
import {
  ADMIN_EMAIL,
  call,
  forgetSecondFactor,
  lastMailedLink,
  login,
  startTestServer,
  type TestServer,
} from '../support/test-server';

const DEACTIVATED =
  'This administrator account is deactivated. Please ask the super admin to reactivate it.';
const NEED_TWO =
  'A second approval is on, and it needs two active administrators: deactivating this one would leave fewer. Turn the second-approval threshold off in Settings first, or add another administrator.';

let server: TestServer;
let superAdmin: string;
let superAdminId: number;
let lender: Lender;

beforeAll(async () => {
  server = await startTestServer();
  superAdmin = await adminToken(server);
  const [row] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ADMIN_EMAIL));
  superAdminId = row!.id;
  lender = await approvedLender(server, 'Akinyi');
});
afterAll(async () => {
  await server?.close();
});

const list = (token = superAdmin) => call(server, 'GET', '/admin/administrators', undefined, token);
const add = (body: unknown, token = superAdmin) =>
  call(server, 'POST', '/admin/administrators', body, token);
const deactivate = (id: number, token = superAdmin) =>
  call(server, 'POST', `/admin/administrators/${id}/deactivate`, undefined, token);
const reactivate = (id: number, token = superAdmin) =>
  call(server, 'POST', `/admin/administrators/${id}/reactivate`, undefined, token);
const setThreshold = (secondApprovalFrom: number | null) =>
  call(server, 'PUT', '/admin/settings', { secondApprovalFrom }, superAdmin);

async function audit(action: string, subjectId: number) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
}

describe('adding an administrator', () => {
  it('mails a set-password link; the new admin signs in, sets up a second factor and approves the super admin’s proposal', async () => {
    // Alone, the super admin cannot set a threshold: nobody could approve.
    expect((await setThreshold(500)).status).toBe(409);

    const email = 'Wanjiru.Admin@Mkopo.test';
    const added = await add({ name: '  Wanjiru Mwangi ', email });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message:
        'Administrator added. wanjiru.admin@mkopo.test has been emailed a link to set a password.',
      data: {
        id: expect.any(Number),
        name: 'Wanjiru Mwangi',
        email: 'wanjiru.admin@mkopo.test',
        role: 'admin',
        status: 'active',
        secondFactor: false,
        createdAt: expect.any(String),
      },
    });
    const id = added.body.data.id as number;
    // No password exists yet: nothing signs in with any.
    const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toBeNull();
    const noPassword = await call(server, 'POST', '/auth/admin/login', {
      email: 'wanjiru.admin@mkopo.test',
      password: '',
    });
    expect(noPassword.status).toBe(400);

    const link = new URL(
      await eventually(async () => lastMailedLink(server, 'wanjiru.admin@mkopo.test')),
    );
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('type')).toBe('admin');
    expect(link.searchParams.get('purpose')).toBe('invite');
    const password = 'Wanjiru-Admin#2026';
    await setPasswordFromMail(server, 'wanjiru.admin@mkopo.test', password);

    // The password opens a session that must set up the second factor first.
    const first = await call(server, 'POST', '/auth/admin/login', {
      email: 'wanjiru.admin@mkopo.test',
      password,
    });
    expect([first.status, first.body.enrolSecondFactor]).toEqual([200, true]);
    const blocked = await call(
      server,
      'GET',
      '/admin/approvals',
      undefined,
      first.body.token.accessToken,
    );
    expect([blocked.status, blocked.body.code]).toEqual([403, 'second_factor_enrolment_required']);
    const wanjiru = await login(server, 'admin', 'wanjiru.admin@mkopo.test', password);
    const listed = (await list()).body as { id: number; secondFactor: boolean; role: string }[];
    expect(listed[0]).toMatchObject({ id: superAdminId, role: 'super_admin' });
    expect(listed.find((a) => a.id === id)).toMatchObject({ secondFactor: true });

    // Two admins now: the threshold is set, and the super admin's refund above it waits.
    expect((await setThreshold(500)).status).toBe(200);
    expect(
      (await pay(server, { paybill: '999999', account: 'NOLOAN', amount: 800, transId: 'ADM0001' }))
        .status,
    ).toBe(200);
    const unassigned = await call(
      server,
      'GET',
      '/admin/unassigned-payments',
      undefined,
      superAdmin,
    );
    const payment = unassigned.body.find((p: { transId: string }) => p.transId === 'ADM0001');
    const proposed = await call(
      server,
      'POST',
      `/admin/unassigned-payments/${payment.id}/refund`,
      { phoneNumber: '0712345678' },
      superAdmin,
    );
    expect(proposed.status).toBe(202);
    const [approval] = (await call(server, 'GET', '/admin/approvals', undefined, wanjiru)).body;
    expect(approval).toMatchObject({ proposedBy: ADMIN_EMAIL, mine: false });
    const approved = await call(
      server,
      'POST',
      `/admin/approvals/${approval.id}/approve`,
      undefined,
      wanjiru,
    );
    expect([approved.status, approved.body.message]).toEqual([
      200,
      expect.stringMatching(/^Approved\./),
    ]);

    // The addition is audit-logged with both names.
    expect(await audit('admin.create', id)).toEqual([
      expect.objectContaining({
        actorUserId: superAdminId,
        subjectType: 'admin',
        details: expect.objectContaining({
          name: 'Wanjiru Mwangi',
          email: 'wanjiru.admin@mkopo.test',
          by: ADMIN_EMAIL,
          byName: 'Platform administrator',
        }),
      }),
    ]);
    expect((await setThreshold(null)).status).toBe(200);
  });

  it('refuses a taken email with 409 and a sentence, whatever its case', async () => {
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase(), lender.email]) {
      const taken = await add({ name: 'Twin', email });
      expect([taken.status, taken.body.message]).toEqual([
        409,
        'This email address already belongs to an account.',
      ]);
    }
  });

  it('refuses bad and hostile bodies with 400 and the form’s sentences', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@b.co' }, 'Name is required'],
      [{ name: '   ', email: 'a@b.co' }, 'Name is required'],
      [{ name: 'Kip' }, 'Email is required'],
      [{ name: 'Kip', email: 'not-an-email' }, 'Invalid email address'],
      [{ name: 'x'.repeat(201), email: 'a@b.co' }, ''],
      [{ name: 'Kip', email: `${'a'.repeat(300)}@b.co` }, ''],
      [{ name: { $ne: '' }, email: 'a@b.co' }, ''],
      [{ name: 'Kip', email: ['a@b.co'] }, ''],
      [[], ''],
      ['null', ''],
    ];
    for (const [body, message] of cases) {
      const refused = await add(body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(refused.body.message).toBe(message);
    }
    const huge = await add({ name: 'Kip', email: 'a@b.co', pad: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.status);
    const admins = (await list()).body as { email: string }[];
    expect(admins.some((a) => a.email === 'a@b.co')).toBe(false);
  });

  it('is the super admin’s alone: 403 for an admin, a lender and an agent; 401 without a token', async () => {
    const admin = await anotherAdmin(server, 'Baraka');
    const agent = await activeAgent(server, lender);
    for (const token of [admin.token, lender.token, agent.token]) {
      expect((await list(token)).status).toBe(403);
      expect((await add({ name: 'Sneaky', email: 'sneaky@mkopo.test' }, token)).status).toBe(403);
      expect((await deactivate(superAdminId, token)).status).toBe(403);
      expect((await reactivate(admin.id, token)).status).toBe(403);
    }
    expect((await call(server, 'GET', '/admin/administrators')).status).toBe(401);
    expect(
      (await list()).body.some((a: { email: string }) => a.email === 'sneaky@mkopo.test'),
    ).toBe(false);
  });
});

describe('deactivating and reactivating', () => {
  it('ends the sessions at once and refuses sign-in until reactivated; audit-logged with both names', async () => {
    const kamau = await anotherAdmin(server, 'Kamau');
    expect((await call(server, 'GET', '/admin/approvals', undefined, kamau.token)).status).toBe(
      200,
    );
    const done = await deactivate(kamau.id);
    expect([done.status, done.body.message, done.body.data.status]).toEqual([
      200,
      'Kamau is deactivated and has been signed out.',
      'deactivated',
    ]);
    expect((await call(server, 'GET', '/admin/approvals', undefined, kamau.token)).status).toBe(
      401,
    );
    const signIn = await call(server, 'POST', '/auth/admin/login', {
      email: kamau.email,
      password: kamau.password,
    });
    expect([signIn.status, signIn.body.message]).toEqual([403, DEACTIVATED]);
    const wrong = await call(server, 'POST', '/auth/admin/login', {
      email: kamau.email,
      password: 'Wrong#2026',
    });
    expect(wrong.status).toBe(401);
    // A reset link does not bring the account back either.
    await call(server, 'POST', '/auth/password-reset/request', {
      email: kamau.email,
      userType: 'admin',
    });
    await setPasswordFromMail(server, kamau.email, 'Kamau-New#2026');
    expect(
      (
        await call(server, 'POST', '/auth/admin/login', {
          email: kamau.email,
          password: 'Kamau-New#2026',
        })
      ).status,
    ).toBe(403);
    const again = await deactivate(kamau.id);
    expect([again.status, again.body.message]).toEqual([
      409,
      'This administrator is already deactivated.',
    ]);

    const back = await reactivate(kamau.id);
    expect([back.status, back.body.message, back.body.data.status]).toEqual([
      200,
      'Kamau is active again.',
      'active',
    ]);
    expect(await login(server, 'admin', kamau.email, 'Kamau-New#2026')).toEqual(expect.any(String));
    expect((await reactivate(kamau.id)).status).toBe(409);

    const [off] = await audit('admin.deactivate', kamau.id);
    expect(off).toMatchObject({
      actorUserId: superAdminId,
      details: expect.objectContaining({
        name: 'Kamau',
        email: kamau.email,
        from: 'active',
        to: 'deactivated',
        by: ADMIN_EMAIL,
        byName: 'Platform administrator',
      }),
    });
    expect(await audit('admin.reactivate', kamau.id)).toHaveLength(1);
    const page = await call(server, 'GET', '/admin/audit-logs', undefined, superAdmin);
    expect(page.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'admin.deactivate', subjectEmail: 'Kamau' }),
      ]),
    );
  });

  it('never the super admin, nor oneself; an unknown or non-admin id is 404', async () => {
    const self = await deactivate(superAdminId);
    expect([self.status, self.body.message]).toEqual([
      409,
      'You cannot deactivate your own account.',
    ]);
    expect((await deactivate(999_999)).status).toBe(404);
    expect((await deactivate(lender.id)).status).toBe(404);
    expect((await reactivate(lender.id)).status).toBe(404);
    expect(
      (await call(server, 'POST', '/admin/administrators/abc/deactivate', undefined, superAdmin))
        .status,
    ).toBe(400);
  });

  it('keeps two active admins while a threshold is set, and says which setting to change', async () => {
    // Deactivate every other admin but one.
    const others = ((await list()).body as { id: number; role: string; status: string }[]).filter(
      (a) => a.role === 'admin' && a.status === 'active',
    );
    for (const other of others.slice(1)) expect((await deactivate(other.id)).status).toBe(200);
    const last = others[0]!;
    expect((await setThreshold(1_000)).status).toBe(200);
    const refused = await deactivate(last.id);
    expect([refused.status, refused.body.message]).toEqual([409, NEED_TWO]);
    expect((await list()).body.find((a: { id: number }) => a.id === last.id).status).toBe('active');
    // Off again, the last other admin may go; then a threshold is refused.
    expect((await setThreshold(null)).status).toBe(200);
    expect((await deactivate(last.id)).status).toBe(200);
    expect((await setThreshold(1_000)).status).toBe(409);
    expect((await reactivate(last.id)).status).toBe(200);
  });

  it('the super admin resets an administrator’s second factor: its sessions end, the next sign-in sets up a new one', async () => {
    const otieno = await anotherAdmin(server, 'Otieno');
    const reset = await call(
      server,
      'POST',
      `/admin/users/${otieno.id}/second-factor/reset`,
      undefined,
      superAdmin,
    );
    expect(reset.status).toBe(200);
    expect((await call(server, 'GET', '/admin/approvals', undefined, otieno.token)).status).toBe(
      401,
    );
    expect(
      ((await list()).body as { id: number; secondFactor: boolean }[]).find(
        (a) => a.id === otieno.id,
      )?.secondFactor,
    ).toBe(false);
    forgetSecondFactor(server, otieno.email);
    const again = await call(server, 'POST', '/auth/admin/login', {
      email: otieno.email,
      password: otieno.password,
    });
    expect(again.body.enrolSecondFactor).toBe(true);
  });
});

describe('npm run admin:create', () => {
  /** Runs the operator's script, compiled as `npm run admin:create` runs it, on an embedded database. */
  async function adminCreate(dataDir: string, ...args: string[]) {
    const child = spawn(
      process.execPath,
      [compiledEntryPoint('server/scripts/admin-create.ts'), ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    return { code, stdout, stderr };
  }

  // Three runs of the script, each opening and migrating an embedded database of its own.
  it(
    'adds an administrator as the screen does, mails and prints the set-password link',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-admin-create-'));
      try {
        const created = await adminCreate(
          dataDir,
          '--email',
          'Ops.Admin@Mkopo.test',
          '--name',
          'Ops Admin',
        );
        expect(created.code, created.stderr).toBe(0);
        expect(created.stdout).toContain('Administrator Ops Admin <ops.admin@mkopo.test> added');
        const printed = /^https?:\/\/\S+\/reset-password\?\S+$/m.exec(created.stdout)?.[0];
        expect(printed).toContain('type=admin');
        expect(printed).toContain('purpose=invite');
        const mails = readdirSync(path.join(dataDir, 'mail'));
        expect(mails).toHaveLength(1);
        expect(readFileSync(path.join(dataDir, 'mail', mails[0]!), 'utf8')).toContain(printed);

        const twin = await adminCreate(
          dataDir,
          '--email',
          'ops.admin@mkopo.test',
          '--name',
          'Twin',
        );
        expect([twin.code, twin.stderr.trim()]).toEqual([
          1,
          'admin:create: This email address already belongs to an account.',
        ]);
        const bad = await adminCreate(dataDir, '--email', 'nope', '--name', 'Ops');
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('Invalid email address');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
