/**
 * A month of one business's life over HTTP, the money path end to end
 * (docs/architecture.md §5): deposits and a
 * withdrawal, three loans, partial payments, a mistyped account number matched by hand,
 * an overpayment refunded, fines drawn day by day until a loan defaults, and its
 * write-off. Every balance is recomputed here from the actions taken, in integer cents
 * and with this file's own arithmetic, and must agree with the server to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  registerBorrower,
  type Agent,
  type Lender,
  FOUR_WEEKS,
  lendingBook,
} from '../support/fixtures';
import {
  backdateLoan,
  capitalOf,
  deposit,
  eventually,
  ledgerViolations,
  loanStatus,
  pay,
} from '../support/money';
import { call, startTestServer, type TestServer } from '../support/test-server';

const DAY = 86_400_000;

let server: TestServer;
let lender: Lender;
let agent: Agent;
let admin: string;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Wanjiru',
    plan: {
      ...FOUR_WEEKS,
      fineRateWithinLoanPeriod: 5,
      fineRateOverLoanPeriod: 2,
      gracePeriodWithinLoanPeriod: 2,
      gracePeriodOverLoanPeriod: 3,
    },
  }));
  admin = await adminToken(server);
});
afterAll(async () => {
  await server?.close();
});

/** Shillings (at most two decimals) to cents, without floating-point sums. */
const cents = (shillings: number) => Math.round(shillings * 100);

/** The plan's terms by this file's own arithmetic (docs/architecture.md §4), in cents. */
function terms(principal: number) {
  const p = cents(principal);
  const fee = Math.round((principal * 2) / 100) * 100;
  const interest = (p * 10) / 100;
  return { initial: p + interest, disbursement: p - fee };
}

async function disbursedLoan(principal: number) {
  const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  const applied = await call(
    server,
    'POST',
    '/loan/apply',
    {
      borrowerId: borrower.id,
      lenderLoanPlanId: planId,
      principalAmount: principal,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  expect(applied.status).toBe(201);
  const loan = applied.body.data as { id: number; loanCode: string };
  const approved = await call(
    server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
  expect(approved.status).toBe(200);
  await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'active');
  return loan;
}

async function loanRow(loanId: number) {
  const list = await call(
    server,
    'GET',
    `/loan/from-lender-business/${lender.businessId}`,
    undefined,
    lender.token,
  );
  return (list.body as { id: number; status: string; outstandingAmount: number; dueDate: string }[])
    .filter((loan) => loan.id === loanId)
    .map((loan) => ({ ...loan, outstanding: cents(loan.outstandingAmount) }))[0]!;
}

describe('a month of a business, recomputed to the cent', () => {
  it('agrees with every balance the server reports', async () => {
    let capital = 0;
    const expectCapital = async () => expect(cents(await capitalOf(server, lender))).toBe(capital);

    // Week 1: the lender funds the business and takes some back.
    await deposit(server, lender, 50_000);
    await deposit(server, lender, 20_000);
    capital += cents(70_000);
    const withdrawal = await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: 5_000, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(withdrawal.status).toBe(200);
    capital -= cents(5_000);
    await expectCapital();

    // Three loans go out.
    const a = await disbursedLoan(10_000);
    const b = await disbursedLoan(5_000);
    const c = await disbursedLoan(3_000);
    capital -= terms(10_000).disbursement + terms(5_000).disbursement + terms(3_000).disbursement;
    await expectCapital();

    // Loan A is repaid in two parts.
    await pay(server, {
      paybill: lender.paybill,
      account: a.loanCode,
      amount: 4_000,
      transId: 'MON0000001',
    });
    // (the second part to the platform's paybill: applied by loan code all the same)
    await pay(server, {
      paybill: server.config.mpesa.platformShortCode,
      account: a.loanCode,
      amount: 7_000,
      transId: 'MON0000002',
    });
    capital += cents(11_000);
    expect(await loanRow(a.id)).toMatchObject({ status: 'repaid', outstanding: 0 });
    await expectCapital();

    // Loan B: a mistyped account number waits unmatched, then is matched by hand.
    await pay(server, {
      paybill: lender.paybill,
      account: 'B0GUS',
      amount: 2_000,
      transId: 'MON0000003',
    });
    await expectCapital();
    const transactions = await call(
      server,
      'GET',
      '/loan-repayment-transaction/get-transactions',
      undefined,
      lender.token,
    );
    const mistyped = (transactions.body as { id: number; transactionDetails: string }[]).find(
      (t) => t.transactionDetails === 'MON0000003',
    )!;
    const match = await call(
      server,
      'POST',
      '/manual-match/transaction',
      { loanId: b.id, mpesaLoanRepaymentId: mistyped.id },
      lender.token,
    );
    expect(match.status).toBe(200);
    capital += cents(2_000);
    expect((await loanRow(b.id)).outstanding).toBe(terms(5_000).initial - cents(2_000));
    await expectCapital();

    // ... and overpaid by 500, which is refunded.
    const rest = (terms(5_000).initial - cents(2_000)) / 100 + 500;
    await pay(server, {
      paybill: lender.paybill,
      account: b.loanCode,
      amount: rest,
      transId: 'MON0000004',
    });
    capital += cents(rest);
    expect(await loanRow(b.id)).toMatchObject({ status: 'repaid', outstanding: 0 });
    const refund = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: '0712345678',
        loanCode: b.loanCode,
        amount: 500,
        reason: 'The borrower asked for their other line',
      },
      lender.token,
    );
    expect(refund.status).toBe(200);
    capital -= cents(500);
    await expectCapital();
    const wallet = await call(
      server,
      'GET',
      `/loan/by-id-lender-business/${b.id}/wallet-records`,
      undefined,
      lender.token,
    );
    expect(cents(wallet.body[0].total)).toBe(0);

    // Loan C is never paid: the daily job runs for each day until it defaults. The job
    // runs only for days that have happened, so C is moved 60 days into the past first.
    await backdateLoan(server, c.id, 60);
    const due = Date.parse((await loanRow(c.id)).dueDate);
    for (let day = 1; day <= 28 + 31; day += 1) {
      const date = new Date(due - 28 * DAY + day * DAY + 3 * 3600_000).toISOString().slice(0, 10);
      const run = await call(server, 'POST', '/admin/jobs/fines', { date }, admin);
      expect(run.status).toBe(200);
    }
    const fines = await call(
      server,
      'GET',
      `/fines/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const finesOfC = (fines.body as { fineAmount: number; loan: { id: number } }[]).filter(
      (fine) => fine.loan.id === c.id,
    );
    expect(finesOfC.length).toBeGreaterThan(0);
    // The first instalment (3,300 over four weeks: 825) drew 5% once its grace days passed.
    expect(finesOfC.map((fine) => cents(fine.fineAmount))).toContain(cents(41.25));
    const fined = finesOfC.reduce((sum, fine) => sum + cents(fine.fineAmount), 0);
    // In duplum: interest and fines together never beyond the principal.
    expect(fined + cents(300)).toBeLessThanOrEqual(cents(3_000));
    const defaulted = await loanRow(c.id);
    expect(defaulted).toMatchObject({
      status: 'default',
      outstanding: terms(3_000).initial + fined,
    });
    await expectCapital();

    // The default is written off: nothing moves in capital, nothing stays outstanding.
    const writeOff = await call(server, 'PATCH', `/loan/writeoff/${c.id}`, undefined, lender.token);
    expect(writeOff.status).toBe(200);
    expect(await loanRow(c.id)).toMatchObject({ status: 'written_off', outstanding: 0 });
    await expectCapital();

    // The ledger: its amounts add up to the balance, and the balance to our own sum.
    await eventually(async () => {
      const ledger = await call(
        server,
        'GET',
        `/capital/transactions-from-lender-business/${lender.businessId}`,
        undefined,
        lender.token,
      );
      const rows = ledger.body as { amount: number; balance: number }[];
      return rows.reduce((sum, row) => sum + cents(row.amount), 0) === capital;
    });
    expect(await ledgerViolations(server)).toEqual([]);
  });
});
