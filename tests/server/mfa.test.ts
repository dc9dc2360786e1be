/**
 * The second factor (TOTP with recovery codes): administrators must set one up before their
 * token reaches anything else; sign-in asks for the code after the password; wrong codes are
 * limited like passwords; a code and a recovery code work once; a super admin's reset is
 * audit-logged and ends the sessions; a withdrawal asks for the code again after 15 minutes;
 * a lender may turn it on and make a business require it. Codes are made with otpauth, as an
 * authenticator app makes them.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  recoveryCodes,
  refunds as refundsTable,
  sessions,
  userFactors,
} from '../../server/db/schema';
import {
  activeAgent,
  addedAdmin,
  approvedLender,
  createPlan,
  registerBorrower,
  type Lender,
} from '../support/fixtures';
import { capitalOf, deposit, disbursedLoan, eventually, loanStatus, pay } from '../support/money';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  enrolSecondFactor,
  forgetSecondFactor,
  login,
  nextFactorCode,
  startTestServer,
  totpCode,
  type TestServer,
} from '../support/test-server';

const ENROLMENT_REQUIRED = 'second_factor_enrolment_required';
const STEP_UP_REQUIRED = 'second_factor_step_up_required';

/** A second administrator, added by the super admin, its password set from the mailed link. */
async function createAdmin(server: TestServer, email: string, password: string) {
  return addedAdmin(server, { name: 'Second admin', email, password });
}

async function passwordStep(server: TestServer, role: string, email: string, password: string) {
  return call(server, 'POST', `/auth/${role}/login`, { email, password });
}

async function codeStep(server: TestServer, role: string, challengeToken: string, code: string) {
  return call(server, 'POST', `/auth/${role}/login/second-factor`, { challengeToken, code });
}

describe('the second factor', () => {
  let server: TestServer;
  const adminEmail = 'second-admin@mkopo.test';
  const adminPassword = 'Second-Admin#2026';
  let adminId: number;
  let secret: string;
  let recovery: string[];

  beforeAll(async () => {
    server = await startTestServer();
    adminId = await createAdmin(server, adminEmail, adminPassword);
  });
  afterAll(() => server.close());

  it('keeps an administrator without a factor to setting one up', async () => {
    const signedIn = await passwordStep(server, 'admin', adminEmail, adminPassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.enrolSecondFactor).toBe(true);
    const token = signedIn.body.token.accessToken as string;

    for (const path of ['/admin/audit-logs', '/region', `/admin/${adminId}`]) {
      const refused = await call(server, 'GET', path, undefined, token);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code).toBe(ENROLMENT_REQUIRED);
      expect(refused.body.message).toBe('Set up a second factor to continue.');
    }
    const status = await call(server, 'GET', '/auth/second-factor', undefined, token);
    expect(status.body).toEqual({
      enrolled: false,
      required: true,
      requiredBy: 'role',
      recoveryCodesLeft: 0,
      requiringBusinessIds: [],
    });

    const started = await call(server, 'POST', '/auth/second-factor/enrol', undefined, token);
    expect(started.status).toBe(200);
    secret = started.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toContain(`secret=${secret}`);
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Mkopo:/);
    const svg = Buffer.from(started.body.qrCode.split(',')[1], 'base64').toString();
    expect(started.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(svg).toContain('<svg');

    // Not yet: the factor counts once confirmed, and a wrong first code confirms nothing.
    expect((await call(server, 'GET', '/admin/audit-logs', undefined, token)).status).toBe(403);
    const wrong = await call(
      server,
      'POST',
      '/auth/second-factor/confirm',
      { code: '000000' },
      token,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(
      'That code is not right. Check the time on your phone and try again.',
    );

    const confirmed = await call(
      server,
      'POST',
      '/auth/second-factor/confirm',
      { code: totpCode(secret) },
      token,
    );
    expect(confirmed.status).toBe(200);
    recovery = confirmed.body.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    // This session proved it: it works now.
    expect((await call(server, 'GET', '/admin/audit-logs', undefined, token)).status).toBe(200);
    // A second enrolment is refused while this one stands.
    const again = await call(server, 'POST', '/auth/second-factor/enrol', undefined, token);
    expect(again.status).toBe(409);

    // At rest: the secret encrypted, the recovery codes as argon2 hashes only.
    const [factor] = await server.database.db
      .select()
      .from(userFactors)
      .where(eq(userFactors.userId, adminId));
    expect(factor!.secretCiphertext).not.toContain(secret);
    expect(factor!.secretCiphertext).toMatch(/^v1\./);
    const hashes = await server.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, adminId));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      expect(recovery.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
  });

  it('ends the password-only sessions of the same admin when the factor is confirmed', async () => {
    const ended = await server.database.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(and(eq(sessions.userId, adminId), isNull(sessions.factorVerifiedAt)));
    // The only session of this admin proved the factor: none is left open without it.
    expect(ended.every((row) => row.reason !== null)).toBe(true);
  });

  it('asks for the code after the password, and opens a session only with it', async () => {
    const first = await passwordStep(server, 'admin', adminEmail, adminPassword);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    const challenge = first.body.secondFactor.challengeToken as string;
    expect(new Date(first.body.secondFactor.expiresAt).getTime()).toBeGreaterThan(Date.now());

    // The challenge is not a session.
    const asBearer = await call(server, 'GET', '/admin/audit-logs', undefined, challenge);
    expect(asBearer.status).toBe(401);
    // Nor is it good for another sign-in role.
    const otherRole = await codeStep(server, 'lender', challenge, totpCode(secret));
    expect(otherRole.status).toBe(401);

    const wrong = await codeStep(server, 'admin', challenge, '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body.token).toBeUndefined();
    const malformed = await codeStep(server, 'admin', challenge, '12');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Enter the 6-digit code or a recovery code.');

    // The next step's code (a phone clock a little ahead) is accepted.
    const step = Math.floor(Date.now() / 30_000) + 1;
    const right = await codeStep(server, 'admin', challenge, totpCode(secret, step));
    expect(right.status).toBe(200);
    const token = right.body.token.accessToken as string;
    expect((await call(server, 'GET', '/admin/audit-logs', undefined, token)).status).toBe(200);

    // The same code again (or an older one) is refused: a code works once.
    const replay = await codeStep(server, 'admin', challenge, totpCode(secret, step));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(
      'That code was just used. Wait for the next code and try again.',
    );
    const older = await codeStep(server, 'admin', challenge, totpCode(secret, step - 1));
    expect(older.status).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const first = await passwordStep(server, 'admin', adminEmail, adminPassword);
    const challenge = first.body.secondFactor.challengeToken as string;
    const used = recovery[0]!;
    const ok = await codeStep(server, 'admin', challenge, used.toUpperCase());
    expect(ok.status).toBe(200);
    const token = ok.body.token.accessToken as string;
    const status = await call(server, 'GET', '/auth/second-factor', undefined, token);
    expect(status.body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(server, 'admin', adminEmail, adminPassword);
    const again = await codeStep(server, 'admin', second.body.secondFactor.challengeToken, used);
    expect(again.status).toBe(401);
    // Another one still works.
    const other = await codeStep(
      server,
      'admin',
      second.body.secondFactor.challengeToken,
      recovery[1]!.replace('-', ' '),
    );
    expect(other.status).toBe(200);
  });

  it('lets only the super admin reset a factor: audit-logged, and the sessions end', async () => {
    const first = await passwordStep(server, 'admin', adminEmail, adminPassword);
    const signedIn = await codeStep(
      server,
      'admin',
      first.body.secondFactor.challengeToken,
      recovery[2]!,
    );
    const adminToken = signedIn.body.token.accessToken as string;

    // A plain admin may not reset anyone's (its own included).
    const byAdmin = await call(
      server,
      'POST',
      `/admin/users/${adminId}/second-factor/reset`,
      undefined,
      adminToken,
    );
    expect(byAdmin.status).toBe(403);

    const superToken = await login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD);
    const unknown = await call(
      server,
      'POST',
      '/admin/users/999999/second-factor/reset',
      undefined,
      superToken,
    );
    expect(unknown.status).toBe(404);
    const reset = await call(
      server,
      'POST',
      `/admin/users/${adminId}/second-factor/reset`,
      undefined,
      superToken,
    );
    expect(reset.status).toBe(200);

    // Every session of that admin ended.
    const after = await call(server, 'GET', '/admin/audit-logs', undefined, adminToken);
    expect(after.status).toBe(401);
    const open = await server.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, adminId), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);

    // The audit log names who reset whose factor.
    const entries = await call(server, 'GET', '/admin/audit-logs', undefined, superToken);
    const entry = entries.body.data.find(
      (e: { action: string }) => e.action === 'user.second-factor-reset',
    );
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      subjectType: 'admin',
      subjectId: adminId,
      subjectEmail: adminEmail,
    });
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.second-factor-reset'));
    expect(row!.details).toMatchObject({ hadFactor: true, role: 'admin' });

    // The next sign-in is a password and a new enrolment again.
    const next = await passwordStep(server, 'admin', adminEmail, adminPassword);
    expect(next.body.enrolSecondFactor).toBe(true);
    expect(next.body.secondFactor).toBeUndefined();
  });

  it('keeps agents to a password only', async () => {
    const lender = await approvedLender(server, 'Wanjiru');
    const agent = await activeAgent(server, lender);
    const refused = await call(server, 'POST', '/auth/second-factor/enrol', undefined, agent.token);
    expect(refused.status).toBe(403);
    const reset = await call(
      server,
      'POST',
      `/admin/users/${agent.id}/second-factor/reset`,
      undefined,
      await login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD),
    );
    expect(reset.status).toBe(409);
  });

  describe('a lender', () => {
    let lender: Lender;

    beforeAll(async () => {
      lender = await approvedLender(server, 'Achieng');
    });

    it('works without one until it turns it on; a business can then require it', async () => {
      const status = await call(server, 'GET', '/auth/second-factor', undefined, lender.token);
      expect(status.body).toMatchObject({ enrolled: false, required: false, requiredBy: null });
      // A business cannot require what the lender does not have.
      const early = await call(
        server,
        'PUT',
        `/lender-business/${lender.businessId}/second-factor`,
        { required: true },
        lender.token,
      );
      expect(early.status).toBe(409);

      await enrolSecondFactor(server, lender.email, lender.token);
      const required = await call(
        server,
        'PUT',
        `/lender-business/${lender.businessId}/second-factor`,
        { required: true },
        lender.token,
      );
      expect(required.status).toBe(200);
      // Another lender's business is not this lender's to set.
      const other = await approvedLender(server, 'Otieno');
      const foreign = await call(
        server,
        'PUT',
        `/lender-business/${other.businessId}/second-factor`,
        { required: true },
        lender.token,
      );
      expect(foreign.status).toBe(404);

      // While the business requires it, it cannot be turned off.
      const off = await call(
        server,
        'POST',
        '/auth/second-factor/disable',
        { code: await nextFactorCode(server, lender.email) },
        lender.token,
      );
      expect(off.status).toBe(409);

      // Sign-in now asks for the code.
      const first = await passwordStep(server, 'lender', lender.email, 'Lender#2026');
      expect(first.body.secondFactor).toBeDefined();
      lender.token = await login(server, 'lender', lender.email, 'Lender#2026');

      // The requirement off, the factor can go (with a code), and sign-in is a password again.
      const notRequired = await call(
        server,
        'PUT',
        `/lender-business/${lender.businessId}/second-factor`,
        { required: false },
        lender.token,
      );
      expect(notRequired.status).toBe(200);
      const disabled = await call(
        server,
        'POST',
        '/auth/second-factor/disable',
        { code: await nextFactorCode(server, lender.email) },
        lender.token,
      );
      expect(disabled.status).toBe(200);
      forgetSecondFactor(server, lender.email);
      const plain = await passwordStep(server, 'lender', lender.email, 'Lender#2026');
      expect(plain.body.token.accessToken).toEqual(expect.any(String));
      expect(plain.body.enrolSecondFactor).toBeUndefined();
    });

    it('is asked for the code again before a withdrawal once the last is 15 minutes old', async () => {
      await enrolSecondFactor(server, lender.email, lender.token);
      await deposit(server, lender, 5_000);
      const before = await capitalOf(server, lender);
      const body = {
        phoneNumber: '0712345678',
        amount: 1_000,
        lenderBusinessId: lender.businessId,
      };

      // Fresh from the enrolment: no question asked.
      const fresh = await call(server, 'POST', '/initiate/request-withdraw', body, lender.token);
      expect(fresh.status).toBe(200);
      await eventually(async () => (await capitalOf(server, lender)) === before - 1_000);

      // Sixteen minutes later (the session's last code moved back), it asks.
      await server.database.db
        .update(sessions)
        .set({ factorVerifiedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(sessions.userId, lender.id));
      const asked = await call(server, 'POST', '/initiate/request-withdraw', body, lender.token);
      expect(asked.status).toBe(403);
      expect(asked.body.code).toBe(STEP_UP_REQUIRED);
      expect(asked.body.message).toBe('Enter a code from your authenticator app to confirm this.');
      expect(await capitalOf(server, lender)).toBe(before - 1_000);

      const wrong = await call(
        server,
        'POST',
        '/auth/second-factor/verify',
        { code: '000000' },
        lender.token,
      );
      expect(wrong.status).toBe(401);
      const verified = await call(
        server,
        'POST',
        '/auth/second-factor/verify',
        { code: await nextFactorCode(server, lender.email) },
        lender.token,
      );
      expect(verified.status).toBe(200);
      const retried = await call(server, 'POST', '/initiate/request-withdraw', body, lender.token);
      expect(retried.status).toBe(200);
      await eventually(async () => (await capitalOf(server, lender)) === before - 2_000);
    });

    it("is asked again before a refund to a number that is not the borrower's, not to the borrower's", async () => {
      const agent = await activeAgent(server, lender);
      const plan = await createPlan(server, lender);
      const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
      await deposit(server, lender, 10_000);
      const loan = await disbursedLoan(server, agent, lender, {
        borrowerId: borrower.id,
        planId: plan.id,
        principal: 2000,
      });
      const owed = (await loanStatus(server, lender, loan.id)).outstandingAmount;
      await pay(server, {
        paybill: lender.paybill,
        account: loan.loanCode,
        amount: owed + 600,
        transId: 'MFA0000001',
      });
      await eventually(async () => {
        const res = await call(server, 'GET', `/loan/refund/${loan.id}`, undefined, lender.token);
        return res.body.latestWallet?.total === 600;
      });
      await server.database.db
        .update(sessions)
        .set({ factorVerifiedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(sessions.userId, lender.id));
      const refund = (body: Record<string, unknown>) =>
        call(server, 'POST', '/refund/balance', { loanCode: loan.loanCode, ...body }, lender.token);
      const other = {
        phoneNumber: '0733999888',
        amount: 200,
        reason: 'The borrower asked for their other line',
      };

      const asked = await refund(other);
      expect([asked.status, asked.body.code]).toEqual([403, STEP_UP_REQUIRED]);
      const rows = await server.database.db
        .select()
        .from(refundsTable)
        .where(eq(refundsTable.loanId, loan.id));
      expect(rows).toHaveLength(0);
      // To the borrower's own number: no question.
      const own = await refund({ phoneNumber: String(borrower.phoneNumber), amount: 200 });
      expect(own.status).toBe(200);

      const verified = await call(
        server,
        'POST',
        '/auth/second-factor/verify',
        { code: await nextFactorCode(server, lender.email) },
        lender.token,
      );
      expect(verified.status).toBe(200);
      expect((await refund(other)).status).toBe(200);
    });

    it('a lender without a factor withdraws without being asked', async () => {
      const plain = await approvedLender(server, 'Njeri');
      await deposit(server, plain, 2_000);
      const body = { phoneNumber: '0712345678', amount: 500, lenderBusinessId: plain.businessId };
      const answer = await call(server, 'POST', '/initiate/request-withdraw', body, plain.token);
      expect(answer.status).toBe(200);
    });
  });
});

describe('wrong codes', () => {
  let server: TestServer;
  const email = 'limited-admin@mkopo.test';
  const password = 'Limited-Admin#2026';

  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    await createAdmin(server, email, password);
    await login(server, 'admin', email, password); // enrols it
  });
  afterAll(() => server.close());

  it('are limited like wrong passwords: over the limit even a right code is refused', async () => {
    const first = await passwordStep(server, 'admin', email, password);
    const challenge = first.body.secondFactor.challengeToken as string;
    for (let i = 0; i < 3; i++) {
      const wrong = await codeStep(server, 'admin', challenge, '000000');
      expect(wrong.status).toBe(401);
    }
    const right = await codeStep(server, 'admin', challenge, await nextFactorCode(server, email));
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    // The password step is limited too while the count is over.
    const password2 = await passwordStep(server, 'admin', email, password);
    expect(password2.status).toBe(429);
  });
});
