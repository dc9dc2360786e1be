/**
 * Sessions that can be ended (the README's "Signing in and out"): logout, refreshed tokens dying
 * with their origin, a new password ending older tokens, blocked and suspended accounts, forged
 * tokens; the agents of a disabled lender writing nothing; agents kept off the lender's money; a
 * stranger's wrong passwords not locking the owner out.
 */
import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authFailures,
  borrowers,
  followUps,
  loanAgreementFiles,
  loanAgreements,
  loans,
  sessions,
  users,
} from '../../server/db/schema';
import { png, pdf } from '../support/files';
import {
  consentFields,
  activeAgent,
  adminToken,
  approvedLender,
  createPlan,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import { deposit, disbursedLoan, pay } from '../support/money';
import {
  call,
  callForm,
  lastMailedLink,
  login,
  startTestServer,
  type TestServer,
} from '../support/test-server';

const LENDER_PASSWORD = 'Lender#2026';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const LENDER_DISABLED =
  "Your lender's account is blocked or suspended, so nothing new can be recorded for now. Please contact your lender.";

let server: TestServer;
beforeAll(async () => {
  // X-Forwarded-For is trusted so a test can speak from several addresses.
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

type Claims = { id: number; sid: string; status?: string; exp: number };
const claimsOf = (token: string) => jwtDecode<Claims>(token);

const get = (path: string, token: string) => call(server, 'GET', path, undefined, token);
const refresh = (token: string) => call(server, 'POST', '/auth/token/refresh', undefined, token);
const logout = (token: string) => call(server, 'POST', '/auth/logout', undefined, token);

/** Statuses of a few reads and one write of a lender, to see a token work or not. */
async function lenderUse(lender: Lender, token: string): Promise<number[]> {
  return [
    (await get('/region', token)).status,
    (await get('/lender-business/lender', token)).status,
    (await get(`/capital/from-lender-business/${lender.businessId}`, token)).status,
    (
      await call(
        server,
        'POST',
        '/lender-business-area/add',
        {
          name: `Area ${Math.random().toString(36).slice(2, 8)}`,
          description: 'Market',
          lenderBusinessId: lender.businessId,
        },
        token,
      )
    ).status,
  ];
}

async function sessionRow(token: string) {
  const [row] = await server.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, claimsOf(token).sid));
  return row;
}

describe('logout', () => {
  it('ends the token: 401 everywhere, refresh refused, a second logout 401', async () => {
    const lender = await approvedLender(server, 'Njeri');
    const token = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    expect(await lenderUse(lender, token)).toEqual([200, 200, 200, 201]);

    const out = await logout(token);
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();

    expect(await lenderUse(lender, token)).toEqual([401, 401, 401, 401]);
    const refused = await get('/region', token);
    expect(refused.body).toEqual({ statusCode: 401, message: SESSION_ENDED });
    expect((await refresh(token)).status).toBe(401);
    expect((await logout(token)).status).toBe(401);
    expect(await sessionRow(token)).toMatchObject({ revokedReason: 'logout' });

    // The lender's other sign-in is untouched.
    expect(await lenderUse(lender, lender.token)).toEqual([200, 200, 200, 201]);
  });

  it('a refreshed token dies with the one it came from, and the other way round', async () => {
    const lender = await approvedLender(server, 'Chebet');
    for (const endWith of ['original', 'refreshed'] as const) {
      const original = await login(server, 'lender', lender.email, LENDER_PASSWORD);
      const refreshed = (await refresh(original)).body.token.accessToken as string;
      expect(claimsOf(refreshed).sid).toBe(claimsOf(original).sid);
      expect((await get('/region', refreshed)).status).toBe(200);

      expect((await logout(endWith === 'original' ? original : refreshed)).status).toBe(204);
      for (const token of [original, refreshed]) {
        expect([endWith, (await get('/region', token)).status]).toEqual([endWith, 401]);
        expect([endWith, (await refresh(token)).status]).toEqual([endWith, 401]);
      }
    }
  });

  it('a refresh moves the session on to the new token’s expiry', async () => {
    const lender = await approvedLender(server, 'Kiprop');
    const token = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    const soon = new Date(Date.now() + 60_000);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.id, claimsOf(token).sid));
    const refreshed = (await refresh(token)).body.token.accessToken as string;
    const row = await sessionRow(token);
    expect(row!.expiresAt.getTime()).toBe(claimsOf(refreshed).exp * 1000);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it('an expired session ends its tokens even while the token itself is still valid', async () => {
    const lender = await approvedLender(server, 'Auma');
    const token = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claimsOf(token).sid));
    expect((await get('/region', token)).status).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });

  it('sign-in deletes sessions expired long ago', async () => {
    const lender = await approvedLender(server, 'Mutua');
    const old = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(sessions.id, claimsOf(old).sid));
    await login(server, 'lender', lender.email, LENDER_PASSWORD);
    expect(await sessionRow(old)).toBeUndefined();
  });
});

describe('a new password', () => {
  it('ends every older token (refreshed ones too); the new password signs in', async () => {
    const lender = await approvedLender(server, 'Wafula');
    const first = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    const second = await login(server, 'lender', lender.email, LENDER_PASSWORD);
    const refreshed = (await refresh(first)).body.token.accessToken as string;
    for (const token of [first, second, refreshed, lender.token]) {
      expect((await get('/region', token)).status).toBe(200);
    }

    await call(server, 'POST', '/auth/password-reset/request', {
      email: lender.email,
      userType: 'lender',
    });
    const resetToken = new URL(lastMailedLink(server, lender.email)!).searchParams.get('token');
    const reset = await call(server, 'POST', '/auth/password-reset/reset', {
      token: resetToken,
      password: 'Newer#2027',
      confirmPassword: 'Newer#2027',
    });
    expect(reset.status).toBe(200);

    for (const token of [first, second, refreshed, lender.token]) {
      expect((await get('/region', token)).status).toBe(401);
      expect((await refresh(token)).status).toBe(401);
    }
    const rows = await server.database.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, lender.id));
    expect(rows.every((row) => row.reason === 'password')).toBe(true);

    const fresh = await login(server, 'lender', lender.email, 'Newer#2027');
    expect(await lenderUse(lender, fresh)).toEqual([200, 200, 200, 201]);
    const old = await call(server, 'POST', '/auth/lender/login', {
      email: lender.email,
      password: LENDER_PASSWORD,
    });
    expect(old.status).toBe(401);
  });
});

describe('blocked and suspended accounts', () => {
  it('blocking or suspending a lender ends its sessions; activated again, it signs in and works', async () => {
    const admin = await adminToken(server);
    const lender = await approvedLender(server, 'Otieno');
    for (const action of ['block', 'suspend'] as const) {
      const token = await login(server, 'lender', lender.email, LENDER_PASSWORD);
      const refreshed = (await refresh(token)).body.token.accessToken as string;
      const decided = await call(
        server,
        'PATCH',
        `/admin/lender/${lender.id}/${action}`,
        undefined,
        admin,
      );
      expect(decided.status).toBe(200);
      for (const t of [token, refreshed]) {
        expect((await get('/region', t)).status).toBe(401);
        expect((await refresh(t)).status).toBe(401);
      }
      expect(await sessionRow(token)).toMatchObject({
        revokedReason: action === 'block' ? 'blocked' : 'suspended',
      });

      // Signing in while disabled says so in the token; the account is still refused.
      const disabled = await login(server, 'lender', lender.email, LENDER_PASSWORD);
      expect(claimsOf(disabled).status).toBe(action === 'block' ? 'Blocked' : 'Suspended');
      expect((await get('/region', disabled)).status).toBe(401);

      const activated = await call(
        server,
        'PATCH',
        `/admin/lender/activate/${lender.id}`,
        undefined,
        admin,
      );
      expect(activated.status).toBe(200);
      // The token of the sign-in made while disabled learns the new status by refresh …
      const learnt = (await refresh(disabled)).body.token.accessToken as string;
      expect(claimsOf(learnt).status).toBe('Active');
      expect(await lenderUse(lender, learnt)).toEqual([200, 200, 200, 201]);
      // … and a new sign-in works at once.
      const again = await login(server, 'lender', lender.email, LENDER_PASSWORD);
      expect(claimsOf(again).status).toBe('Active');
      expect(await lenderUse(lender, again)).toEqual([200, 200, 200, 201]);
    }
  });

  it('suspending an agent ends its sessions; activated, it signs in again', async () => {
    const lender = await approvedLender(server, 'Kilonzo');
    const agent = await activeAgent(server, lender);
    const refreshed = (await refresh(agent.token)).body.token.accessToken as string;
    const suspended = await call(
      server,
      'PATCH',
      `/agent/${agent.id}/suspend`,
      undefined,
      lender.token,
    );
    expect(suspended.status).toBe(200);
    for (const token of [agent.token, refreshed]) {
      expect((await get('/agent/lender-businesses', token)).status).toBe(401);
      expect((await refresh(token)).status).toBe(401);
    }
    expect(await sessionRow(agent.token)).toMatchObject({ revokedReason: 'suspended' });
    const refusedLogin = await call(server, 'POST', '/auth/agent/login', {
      email: agent.email,
      password: agent.password,
    });
    expect(refusedLogin.status).toBe(403);

    await call(server, 'PATCH', `/agent/${agent.id}/activate`, undefined, lender.token);
    const again = await login(server, 'agent', agent.email, agent.password);
    expect((await get('/agent/lender-businesses', again)).status).toBe(200);
  });
});

describe("a blocked or suspended lender's agents", () => {
  let lender: Lender;
  let agent: Agent;
  let planId: number;
  let borrowerId: number;
  let loan: { id: number; loanCode: string };

  beforeAll(async () => {
    lender = await approvedLender(server, 'Moraa');
    agent = await activeAgent(server, lender);
    planId = (await createPlan(server, lender)).id;
    borrowerId = (await registerBorrower(server, agent.token, lender.businessId, agent.areaId)).id;
    const other = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    await deposit(server, lender, 20_000);
    loan = await disbursedLoan(server, agent, lender, {
      borrowerId: other.id,
      planId,
      principal: 5000,
    });
  });

  async function rowCounts() {
    const db = server.database.db;
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      borrowers: await n(db.select({ n: count() }).from(borrowers)),
      loans: await n(db.select({ n: count() }).from(loans)),
      followUps: await n(db.select({ n: count() }).from(followUps)),
      agreements: await n(db.select({ n: count() }).from(loanAgreements)),
      files: await n(db.select({ n: count() }).from(loanAgreementFiles)),
    };
  }

  /** Every write an agent can make, each answering its status and message. */
  async function everyWrite(token: string) {
    const borrowerFields = {
      ...consentFields(),
      firstName: 'Grace',
      lastName: 'Achieng',
      phoneNumber: '0733111222',
      lenderBusinessId: lender.businessId,
      lenderBusinessAreaId: agent.areaId,
      gender: 'female',
      dob: '1991-02-03',
      nextOfKinName: 'Tom Achieng',
      nextOfKinNumber: '0711222333',
      nextOfKinRelation: 'Brother',
      idNumber: '27182818',
    };
    const answers = [
      await callForm(
        server,
        'POST',
        '/borrower/register',
        borrowerFields,
        { passportPhoto: png() },
        token,
      ),
      await callForm(server, 'PUT', `/borrower/${borrowerId}`, borrowerFields, {}, token),
      await call(
        server,
        'POST',
        '/loan/apply',
        {
          borrowerId,
          lenderLoanPlanId: planId,
          principalAmount: 1000,
          lenderBusinessId: lender.businessId,
        },
        token,
      ),
      await call(
        server,
        'POST',
        '/follow-up',
        { loanId: loan.id, comment: 'Promised to pay on Friday.' },
        token,
      ),
      await call(server, 'POST', '/loan-agreement/for-loan', { borrowerId }, token),
      await callForm(
        server,
        'POST',
        '/loan-agreement-uploads/files',
        { description: 'Signed agreement', borrowerId },
        { loanAgreementfilesorImage: pdf() },
        token,
      ),
    ];
    return answers.map((answer) => [answer.status, answer.body?.message as string]);
  }

  it('are refused every write with a sentence while reads, refresh and logout go on; repayments still apply', async () => {
    const admin = await adminToken(server);
    for (const action of ['suspend', 'block'] as const) {
      const decided = await call(
        server,
        'PATCH',
        `/admin/lender/${lender.id}/${action}`,
        undefined,
        admin,
      );
      expect(decided.status).toBe(200);

      const before = await rowCounts();
      const answers = await everyWrite(agent.token);
      expect(answers).toEqual(answers.map(() => [403, LENDER_DISABLED]));
      expect(await rowCounts()).toEqual(before);

      // Reading goes on.
      expect((await get('/loan/active-for-follow-up', agent.token)).status).toBe(200);
      expect(
        (await get(`/borrower/all/${agent.id}/${lender.businessId}`, agent.token)).status,
      ).toBe(200);
      expect((await get(`/borrower/${borrowerId}`, agent.token)).status).toBe(200);
      // The agent's token is refreshed like any other.
      expect((await refresh(agent.token)).status).toBe(200);
    }

    // A borrower's paybill payment to the loan is still applied (no user is involved).
    const [before] = await server.database.db
      .select({ outstanding: loans.outstandingAmount })
      .from(loans)
      .where(eq(loans.id, loan.id));
    const paid = await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 700,
      transId: 'SES0000001',
    });
    expect(paid.body).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    const [after] = await server.database.db
      .select({ outstanding: loans.outstandingAmount })
      .from(loans)
      .where(eq(loans.id, loan.id));
    expect(Number(before!.outstanding) - Number(after!.outstanding)).toBe(700);

    // A second sign-in of the agent can log out.
    const second = await login(server, 'agent', agent.email, agent.password);
    expect((await logout(second)).status).toBe(204);

    // Activated again, the agent writes as before.
    await call(server, 'PATCH', `/admin/lender/activate/${lender.id}`, undefined, admin);
    const followUp = await call(
      server,
      'POST',
      '/follow-up',
      { loanId: loan.id, comment: 'Paid part of it.' },
      agent.token,
    );
    expect(followUp.status).toBe(201);
  });
});

describe('forged tokens', () => {
  async function sign(claims: Record<string, unknown>, secret = server.jwtSecret) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
  }

  it('a token without sid, with an unknown sid, tampered or signed with another secret is refused', async () => {
    const lender = await approvedLender(server, 'Nyambura');
    const real = claimsOf(lender.token);
    const base = { id: lender.id, email: lender.email, roles: ['lender'], status: 'Active' };
    const [adminRow] = await server.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'super_admin'));

    const [header, , signature] = lender.token.split('.');
    const asAdmin = Buffer.from(
      JSON.stringify({ ...real, id: adminRow!.id, email: adminRow!.email, roles: ['super_admin'] }),
    ).toString('base64url');
    const forged = {
      'no sid': await sign(base),
      'unknown sid': await sign({ ...base, sid: 'made-up-session-id' }),
      "another user's sid": await sign({
        id: adminRow!.id,
        email: adminRow!.email,
        roles: ['super_admin'],
        sid: real.sid,
      }),
      tampered: `${header}.${asAdmin}.${signature}`,
      'another secret': await sign({ ...base, sid: real.sid }, 'x'.repeat(64)),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...base, sid: real.sid })).toString('base64url')}.`,
    };
    for (const [name, token] of Object.entries(forged)) {
      for (const path of ['/region', '/auth/lender/all']) {
        expect([name, path, (await get(path, token)).status]).toEqual([name, path, 401]);
      }
      expect([name, (await refresh(token)).status]).toEqual([name, 401]);
      expect([name, (await logout(token)).status]).toEqual([name, 401]);
    }
    // The real one still works: nothing above ended it.
    expect((await get('/region', lender.token)).status).toBe(200);
  });
});

describe('least privilege', () => {
  it("agents are refused the business's money and loan book; lenders and admins read them", async () => {
    const lender = await approvedLender(server, 'Wairimu');
    const agent = await activeAgent(server, lender);
    const colleague = await activeAgent(server, lender);
    const plan = await createPlan(server, lender);
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    await deposit(server, lender, 10_000);
    const loan = await disbursedLoan(server, agent, lender, {
      borrowerId: borrower.id,
      planId: plan.id,
      principal: 2000,
    });
    const b = lender.businessId;
    const admin = await adminToken(server);
    const lenderOnly = [
      `/capital/from-lender-business/${b}`,
      `/capital/transactions-from-lender-business/${b}`,
      `/repayment/for-lender-business/${b}`,
      `/fines/for-lender-business/${b}`,
      `/loan/by-id-lender-business/${loan.id}/wallet-records`,
      `/loan/from-lender-business/${b}`,
      `/loan/all-existing-for-lender-business/${b}`,
      `/loan/data/${b}`,
      `/agent/data/${b}`,
      `/borrower/data/${b}`,
      `/loan/refundable`,
      `/loan/refund/${loan.id}`,
      `/loan-repayment-transaction/get-transactions`,
    ];
    for (const path of lenderOnly) {
      const res = await get(path, agent.token);
      expect([path, res.status]).toEqual([path, 403]);
      expect([path, (await get(path, lender.token)).status]).toEqual([path, 200]);
    }
    for (const path of lenderOnly.slice(0, 10)) {
      expect([path, (await get(path, admin)).status]).toEqual([path, 200]);
    }

    // An agent's own figures, yes; a colleague's, no.
    const own = [
      `/loan/all-stats-for-lender-business-by-agent/${b}/${agent.id}`,
      `/loan/all-existing-for-lender-business-by-agent/${b}/${agent.id}`,
      `/borrower/count-by-agent/${b}/${agent.id}`,
    ];
    for (const path of own) {
      expect([path, (await get(path, agent.token)).status]).toEqual([path, 200]);
      expect([path, (await get(path, colleague.token)).status]).toEqual([path, 404]);
      expect([path, (await get(path, lender.token)).status]).toEqual([path, 200]);
    }
  });
});

describe('sign-in rate limit', () => {
  const signInFrom = (ip: string, email: string, password: string) =>
    call(server, 'POST', '/auth/lender/login', { email, password }, undefined, {
      'x-forwarded-for': ip,
    });

  it("ten wrong passwords from one address for the victim's email do not stop the victim elsewhere", async () => {
    const victim = await approvedLender(server, 'Jeptoo');
    const attacker = '203.0.113.7';
    for (let i = 0; i < 10; i += 1) {
      expect((await signInFrom(attacker, victim.email, `guess-${i}`)).status).toBe(401);
    }
    // The attacker's address is now refused for this email, even with the right password …
    expect((await signInFrom(attacker, victim.email, LENDER_PASSWORD)).status).toBe(429);
    // … while the victim, from home, signs in.
    const fromVictim = await signInFrom('198.51.100.23', victim.email, LENDER_PASSWORD);
    expect(fromVictim.status).toBe(200);
    expect((await get('/region', fromVictim.body.token.accessToken as string)).status).toBe(200);
    // The failures are counted in the database, shared by every instance.
    const [counted] = await server.database.db.select({ n: count() }).from(authFailures);
    expect(counted!.n).toBeGreaterThan(0);
  });
});
