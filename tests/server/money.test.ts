import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fines as finesTable,
  loanPayments,
  loans,
  mpesaRequests,
  refunds as refundsTable,
  writeOffs,
} from '../../server/db/schema';
import { endOfNairobiDay, firstLoanDay, nairobiToday, runFines } from '../../server/jobs/fines';
import type { MpesaGateway } from '../../server/mpesa/port';
import {
  adminToken,
  approvedLender,
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
  mpesaCallback,
  pay,
} from '../support/money';
import { inputText } from '../../src/i18n/input';
import { moneyText } from '../../src/i18n/money';
import { refundsText } from '../../src/i18n/refunds';
import { jpeg, pdf } from '../support/files';
import { runScript, startMain } from '../support/main-process';
import {
  call,
  callForm,
  TEST_CALLBACK_SECRET,
  startTestServer,
  type TestServer,
} from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Njoroge',
    plan: {
      ...FOUR_WEEKS,
      fineRateWithinLoanPeriod: 5,
      fineRateOverLoanPeriod: 2,
      gracePeriodWithinLoanPeriod: 2,
      gracePeriodOverLoanPeriod: 3,
    },
  }));
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(server)).toEqual([]);
});

async function pendingLoan(principal: number, phone?: string) {
  const borrower = await registerBorrower(
    server,
    agent.token,
    lender.businessId,
    agent.areaId,
    phone ? { phoneNumber: phone } : {},
  );
  const res = await call(
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
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as {
    id: number;
    loanCode: string;
    disbursementAmount: number;
    initialAmount: number;
  };
}

async function disburse(loanId: number) {
  return call(
    server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loanId}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
}

async function activeLoan(principal: number, phone?: string) {
  const loan = await pendingLoan(principal, phone);
  expect((await disburse(loan.id)).status).toBe(200);
  await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'active');
  return loan;
}

describe('capital: add and withdraw money through M-Pesa', () => {
  it('credits an STK deposit once, when the callback confirms; a repeated callback changes nothing', async () => {
    const before = await capitalOf(server, lender);
    await deposit(server, lender, 50_000);
    expect(await capitalOf(server, lender)).toBe(before + 50_000);
    const [request] = await server.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.kind, 'stk'))
      .orderBy(sql`id desc`)
      .limit(1);
    const replay = await mpesaCallback(server, 'stk', request!.rawResult);
    expect(replay.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before + 50_000);
    const ledger = await call(
      server,
      'GET',
      `/capital/transactions-from-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(ledger.body[0]).toMatchObject({
      source: 'mpesa_deposit',
      amount: 50_000,
      balance: before + 50_000,
      lenderBusiness: { businessName: 'Njoroge Capital' },
    });
  });

  it('credits a deposit whose callback arrived before its CheckoutRequestID was saved', async () => {
    // A gateway whose callback reaches the server before the STK push call returns, as
    // Safaricom's can on a slow link.
    const target = { api: '' };
    const racing: MpesaGateway = {
      kind: 'simulator',
      stkPush: async (request) => {
        const checkoutRequestId = `ws_CO_EARLY_${Date.now()}`;
        const answer = await fetch(`${target.api}/mpesa/callback/${TEST_CALLBACK_SECRET}/stk`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            Body: {
              stkCallback: {
                MerchantRequestID: 'early-1',
                CheckoutRequestID: checkoutRequestId,
                ResultCode: 0,
                ResultDesc: 'The service request is processed successfully.',
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: request.amount },
                    { Name: 'MpesaReceiptNumber', Value: 'EARLY00001' },
                    { Name: 'PhoneNumber', Value: Number(request.phoneNumber) },
                  ],
                },
              },
            },
          }),
        });
        expect(answer.status).toBe(200);
        return { merchantRequestId: 'early-1', checkoutRequestId };
      },
      b2c: () => Promise.reject(new Error('not used')),
      transactionStatus: () => Promise.reject(new Error('not used')),
      stkStatus: () => Promise.reject(new Error('not used')),
    };
    const early = await startTestServer({}, { mpesa: racing });
    target.api = early.api;
    try {
      const earlyLender = await approvedLender(early, 'Mutua');
      const res = await call(
        early,
        'POST',
        '/initiate/request-stkpush',
        { phoneNumber: '0712345678', amount: 2_500, lenderBusinessId: earlyLender.businessId },
        earlyLender.token,
      );
      expect(res.status).toBe(200);
      expect(await capitalOf(early, earlyLender)).toBe(2_500);
      expect(await ledgerViolations(early)).toEqual([]);
    } finally {
      await early.close();
    }
  });

  it('a cancelled STK push (0700000001) credits nothing', async () => {
    const before = await capitalOf(server, lender);
    const res = await call(
      server,
      'POST',
      '/initiate/request-stkpush',
      { phoneNumber: '0700000001', amount: 1000, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(res.status).toBe(200);
    const failed = await eventually(async () => {
      const [row] = await server.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.checkoutRequestId, res.body.checkoutRequestId));
      return row?.status === 'failed' ? row : null;
    });
    expect(failed.resultCode).toBe('1032');
    expect(await capitalOf(server, lender)).toBe(before);
  });

  it('refuses callbacks on any other path', async () => {
    const res = await fetch(
      `${server.api}/mpesa/callback/wrong-secret-0000000000/c2b/confirmation`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    expect(res.status).toBe(404);
  });

  it('an amount is a number without spaces: Add money, Withdraw and loan apply answer 400 with a sentence', async () => {
    const borrower = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const count = async () => ({
      requests: (await server.database.db.select().from(mpesaRequests)).length,
      loans: (await server.database.db.select().from(loans)).length,
    });
    const before = await count();
    for (const amount of [' 100', '100 ', '\t100', ' 100 ', '1 000']) {
      const attempts = [
        call(
          server,
          'POST',
          '/initiate/request-stkpush',
          { phoneNumber: '0712345678', amount, lenderBusinessId: lender.businessId },
          lender.token,
        ),
        call(
          server,
          'POST',
          '/initiate/request-withdraw',
          { phoneNumber: '0712345678', amount, lenderBusinessId: lender.businessId },
          lender.token,
        ),
        call(
          server,
          'POST',
          '/loan/apply',
          {
            borrowerId: borrower.id,
            lenderLoanPlanId: planId,
            principalAmount: amount,
            lenderBusinessId: lender.businessId,
          },
          agent.token,
        ),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        // Spaces inside the number are no number at all: the field's own sentence.
        if (amount !== '1 000') expect(res.body.message).toBe(inputText.numberWithSpaces);
        else expect(res.body.message).not.toBe(inputText.numberWithSpaces);
      }
    }
    expect(await count()).toEqual(before);
    // The same amount as plain text is fine.
    const capitalBefore = await capitalOf(server, lender);
    const plain = await call(
      server,
      'POST',
      '/initiate/request-stkpush',
      { phoneNumber: '0712345678', amount: '100', lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(plain.status).toBe(200);
    await eventually(async () => (await capitalOf(server, lender)) === capitalBefore + 100);
  });

  it('withdraws: refused beyond the balance and below KES 10; a failed B2C is reversed', async () => {
    const balance = await capitalOf(server, lender);
    const tooMuch = await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: balance + 1, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toMatch(/^Not enough capital/);
    const tiny = await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: 9, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toContain('less than the minimum transaction amount');

    const ok = await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: 1000, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(ok.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(balance - 1000);

    const failing = await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0700000002', amount: 500, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(failing.status).toBe(200);
    await eventually(async () => (await capitalOf(server, lender)) === balance - 1000);
    const ledger = await call(
      server,
      'GET',
      `/capital/transactions-from-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(
      ledger.body.slice(0, 2).map((t: { source: string; amount: number }) => [t.source, t.amount]),
    ).toEqual([
      ['reversal', 500],
      ['withdrawal', -500],
    ]);

    // The screen follows each request to its outcome, and only its own lender may.
    const payment = (id: number, token: string) =>
      call(server, 'GET', `/capital/payment/${id}`, undefined, token);
    expect((await payment(ok.body.mpesaRequestId, lender.token)).body).toMatchObject({
      purpose: 'withdrawal',
      status: 'succeeded',
      amount: 1000,
    });
    expect((await payment(failing.body.mpesaRequestId, lender.token)).body).toMatchObject({
      status: 'failed',
      resultDesc: 'The balance is insufficient for the transaction.',
    });
    const stranger = await approvedLender(server, 'Kiprop');
    const foreign = await payment(failing.body.mpesaRequestId, stranger.token);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Payment not found.']);
    expect((await payment(failing.body.mpesaRequestId, agent.token)).status).toBe(403);
  });

  it('an add-money prompt the payer cancels ends as failed, with M-Pesa’s reason', async () => {
    const before = await capitalOf(server, lender);
    const sent = await call(
      server,
      'POST',
      '/initiate/request-stkpush',
      { phoneNumber: '0700000001', amount: 700, lenderBusinessId: lender.businessId },
      lender.token,
    );
    expect(sent.status).toBe(200);
    const outcome = await eventually(async () => {
      const res = await call(
        server,
        'GET',
        `/capital/payment/${sent.body.mpesaRequestId}`,
        undefined,
        lender.token,
      );
      return res.body.status === 'pending' ? undefined : res.body;
    });
    expect(outcome).toMatchObject({ purpose: 'deposit', status: 'failed', amount: 700 });
    expect(outcome.resultDesc).toMatch(/cancel/i);
    expect(await capitalOf(server, lender)).toBe(before);
  });
});

describe('disbursement', () => {
  it('approving under another of the lender’s businesses says so, and disburses nothing', async () => {
    const loan = await pendingLoan(1_000);
    const types = await call(server, 'GET', '/lenderbusinesstype', undefined, lender.token);
    const other = await callForm(
      server,
      'POST',
      '/lender-business/register',
      {
        businessName: 'Second Window Loans',
        paybillNumber: '5566778',
        defaultLoanLimit: 5000,
        lenderBusinessTypeId: types.body[0].id,
      },
      { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
      lender.token,
    );
    expect(other.status).toBe(201);
    const before = await capitalOf(server, lender);
    const refused = await call(
      server,
      'PUT',
      `/loan/approving-loan-for-borrower/${loan.id}/${other.body.data.id}/approve`,
      undefined,
      lender.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(moneyText.loanOfOtherBusiness);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('pending');
    expect(await capitalOf(server, lender)).toBe(before);
  });

  it('reserves from capital, sends B2C, and activates the loan with its dates', async () => {
    const before = await capitalOf(server, lender);
    const loan = await pendingLoan(10_000);
    const res = await disburse(loan.id);
    expect(res.status).toBe(200);
    expect(['disbursing', 'active']).toContain((await loanStatus(server, lender, loan.id)).status);
    expect(await capitalOf(server, lender)).toBe(before - 9800);
    const active = await eventually(async () => {
      const l = await loanStatus(server, lender, loan.id);
      return l.status === 'active' ? l : null;
    });
    expect(active.disbursementDate).toBeTruthy();
  });

  it('two concurrent approvals disburse once', async () => {
    const before = await capitalOf(server, lender);
    const loan = await pendingLoan(2000);
    const answers = await Promise.all([disburse(loan.id), disburse(loan.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await capitalOf(server, lender)).toBe(before - 1960);
  });

  it('is refused when capital is short and below the minimum transaction amount', async () => {
    const short = await pendingLoan(20_000);
    const balance = await capitalOf(server, lender);
    await call(
      server,
      'POST',
      '/initiate/request-withdraw',
      { phoneNumber: '0712345678', amount: balance - 100, lenderBusinessId: lender.businessId },
      lender.token,
    );
    const refused = await disburse(short.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Not enough capital: the business has KES 100.00 available.');
    expect((await loanStatus(server, lender, short.id)).status).toBe('pending');
    // 9 − 2% fee (0.18, rounded to 0 shillings) = 9 to disburse: below M-Pesa's 10.
    const tiny = await pendingLoan(9);
    const below = await disburse(tiny.id);
    expect(below.status).toBe(400);
    expect(below.body.message).toContain('less than the minimum transaction amount');
    await call(server, 'PUT', `/loan/reject/${short.id}`, undefined, lender.token);
    await call(server, 'PUT', `/loan/reject/${tiny.id}`, undefined, lender.token);
    await deposit(server, lender, 100_000);
  });

  it('a B2C that times out keeps its debit until a status query finds it paid (0700000003)', async () => {
    const before = await capitalOf(server, lender);
    const loan = await pendingLoan(1000, '0700000003');
    expect((await disburse(loan.id)).status).toBe(200);
    await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'active');
    expect(await capitalOf(server, lender)).toBe(before - 980);
    const [request] = await server.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.loanId, loan.id));
    expect(request).toMatchObject({
      status: 'succeeded',
      resultDesc: 'Transaction status query: Completed',
      statusQueries: 1,
    });
    expect(request!.timedOutAt).toBeInstanceOf(Date);
    expect(request!.receipt).toMatch(/^S[0-9A-F]{9}$/);

    // The status result again, or a late B2C result, changes nothing.
    const replay = await mpesaCallback(server, 'b2c/status/result', {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request has been accepted successfully.',
        OriginatorConversationID: 'replayed',
        ConversationID: request!.statusQueryId,
        ResultParameters: {
          ResultParameter: [
            { Key: 'ReceiptNo', Value: 'SREPLAYED1' },
            { Key: 'TransactionStatus', Value: 'Failed' },
          ],
        },
        ReferenceData: {
          ReferenceItem: { Key: 'Occasion', Value: request!.originatorConversationId },
        },
      },
    });
    expect(replay.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before - 980);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('active');
  });

  it('a B2C that times out and a status query finds failed is reversed (0700000004)', async () => {
    const before = await capitalOf(server, lender);
    const loan = await pendingLoan(1000, '0700000004');
    expect((await disburse(loan.id)).status).toBe(200);
    await eventually(async () => {
      const [request] = await server.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.loanId, loan.id));
      return request?.status === 'failed' ? request : null;
    });
    expect((await loanStatus(server, lender, loan.id)).status).toBe('pending');
    expect(await capitalOf(server, lender)).toBe(before);
  });

  it('the sweep asks about overdue B2C payments only, and an admin can run it', async () => {
    const admin = await adminToken(server);
    const path = '/admin/jobs/mpesa-status';
    expect((await call(server, 'POST', path, {}, lender.token)).status).toBe(403);
    expect((await call(server, 'POST', path, { olderThanMinutes: -1 }, admin)).status).toBe(400);
    // Every B2C so far has settled: nothing to ask about, however old.
    const none = await call(server, 'POST', path, { olderThanMinutes: 0 }, admin);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ resent: 0, neverSent: 0, stkQueried: 0, queried: 0 });
  });

  it('a failed B2C returns the loan to pending with M-Pesa’s reason on it, and reverses the debit', async () => {
    const before = await capitalOf(server, lender);
    const loan = await pendingLoan(1000, '0700000002');
    expect((await loanStatus(server, lender, loan.id)).disbursementFailure).toBeNull();
    expect((await disburse(loan.id)).status).toBe(200);
    await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'pending');
    expect(await capitalOf(server, lender)).toBe(before);
    const failed = await loanStatus(server, lender, loan.id);
    expect(failed.disbursementFailure).toBe(
      'M-Pesa could not pay 0700000002: The balance is insufficient for the transaction.',
    );
    // Approving again starts afresh: the old reason goes while M-Pesa is asked again.
    const [row] = await server.database.db
      .select({ at: loans.disbursementFailedAt })
      .from(loans)
      .where(eq(loans.id, loan.id));
    expect((await disburse(loan.id)).status).toBe(200);
    await eventually(async () => {
      const [again] = await server.database.db
        .select({ at: loans.disbursementFailedAt, status: loans.status })
        .from(loans)
        .where(eq(loans.id, loan.id));
      return again?.status === 'pending' && again.at!.getTime() > row!.at!.getTime();
    });
    expect(await capitalOf(server, lender)).toBe(before);
  });
});

describe('repayments, matching and refunds', () => {
  it("refunds to the borrower's own number, or to another only with a reason that is kept", async () => {
    const loan = await activeLoan(1_000, '0722555111');
    const owed = (await loanStatus(server, lender, loan.id)).outstandingAmount;
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: owed + 400,
      transId: 'RRS0000001',
    });
    const refund = (body: Record<string, unknown>) =>
      call(server, 'POST', '/refund/balance', { loanCode: loan.loanCode, ...body }, lender.token);
    const refundRows = () =>
      server.database.db.select().from(refundsTable).where(eq(refundsTable.loanId, loan.id));

    const noReason = await refund({ phoneNumber: '0733999888', amount: 200 });
    expect([noReason.status, noReason.body.message]).toEqual([
      400,
      refundsText.refundReasonRequired,
    ]);
    const shortReason = await refund({ phoneNumber: '0733999888', amount: 200, reason: 'wife' });
    expect(shortReason.status).toBe(400);
    expect(await refundRows()).toHaveLength(0);

    const own = await refund({ phoneNumber: '0722 555 111', amount: 200 });
    expect(own.status).toBe(200);
    const other = await refund({
      phoneNumber: '0733999888',
      amount: 200,
      reason: 'Her own line is lost; she asked for her sister’s M-Pesa',
    });
    expect(other.status).toBe(200);
    const rows = await refundRows();
    expect(rows.map((row) => [row.phoneNumber, row.reason])).toEqual([
      ['254722555111', null],
      ['254733999888', 'Her own line is lost; she asked for her sister’s M-Pesa'],
    ]);
  });

  it('applies a paybill payment by loan code; the full amount plus 500 repays and leaves 500 refundable', async () => {
    const loan = await activeLoan(5000);
    const before = await capitalOf(server, lender);
    expect(
      (
        await pay(server, {
          paybill: lender.paybill,
          account: loan.loanCode.toLowerCase(),
          amount: 2000,
          transId: 'RKT0000001',
        })
      ).body,
    ).toEqual({ ResultCode: 0, ResultDesc: 'Success' });
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(3500);
    // The same TransID again changes nothing.
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 2000,
      transId: 'RKT0000001',
    });
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(3500);
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 4000,
      transId: 'RKT0000002',
    });
    const repaid = await loanStatus(server, lender, loan.id);
    expect(repaid).toMatchObject({ status: 'repaid', outstandingAmount: 0 });
    expect(await capitalOf(server, lender)).toBe(before + 6000);

    const repayments = await call(
      server,
      'GET',
      `/repayment/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const mine = repayments.body.filter((r: { loan: { id: number } }) => r.loan.id === loan.id);
    // Interest first, then principal.
    expect(
      mine.map((r: { interestAmount: number; principalAmount: number }) => [
        r.interestAmount,
        r.principalAmount,
      ]),
    ).toEqual([
      [0, 3500],
      [500, 1500],
    ]);

    const refundable = await call(server, 'GET', '/loan/refundable', undefined, lender.token);
    const entry = refundable.body.find((l: { id: number }) => l.id === loan.id);
    expect(entry.latestWallet).toMatchObject({ total: 500, refund: { refunded: 'notrefunded' } });
    const tiny = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: '0712345678',
        loanCode: loan.loanCode,
        amount: 9,
        reason: 'The borrower asked for their other line',
      },
      lender.token,
    );
    expect(tiny.body.message).toContain('less than the minimum transaction amount');
    const tooMuch = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: '0712345678',
        loanCode: loan.loanCode,
        amount: 600,
        reason: 'The borrower asked for their other line',
      },
      lender.token,
    );
    expect(tooMuch.status).toBe(400);
    const refund = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: '0712345678',
        loanCode: loan.loanCode,
        amount: 500,
        reason: 'The borrower asked for their other line',
      },
      lender.token,
    );
    expect(refund.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before + 5500);
    const detail = await eventually(async () => {
      const res = await call(server, 'GET', `/loan/refund/${loan.id}`, undefined, lender.token);
      return res.body.latestWallet.refund.refunded === 'refunded' ? res.body : null;
    });
    expect(detail.latestWallet.total).toBe(0);
    const wallet = await call(
      server,
      'GET',
      `/loan/by-id-lender-business/${loan.id}/wallet-records`,
      undefined,
      lender.token,
    );
    expect(
      wallet.body.map((w: { source: string; amount: number }) => [w.source, w.amount]),
    ).toEqual([
      ['refund', -500],
      ['applied', -3500],
      ['repayment', 4000],
      ['applied', -2000],
      ['repayment', 2000],
    ]);
  });

  it('a refund whose B2C fails puts the money back in the wallet and the capital', async () => {
    const loan = await activeLoan(1000);
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 1400,
      transId: 'RKT0000F01',
    });
    expect(await loanStatus(server, lender, loan.id)).toMatchObject({ status: 'repaid' });
    const before = await capitalOf(server, lender);
    // 0700000002: the simulator fails this B2C (ResultCode 1).
    const refund = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: '0700000002',
        loanCode: loan.loanCode,
        amount: 300,
        reason: 'The borrower asked for their other line',
      },
      lender.token,
    );
    expect(refund.status).toBe(200);
    const settled = await eventually(async () => {
      const res = await call(server, 'GET', `/loan/refund/${loan.id}`, undefined, lender.token);
      return res.body.latestWallet.refund.status === 'failed' ? res.body : null;
    });
    expect(settled.latestWallet).toMatchObject({ total: 300, refund: { refunded: 'notrefunded' } });
    expect(await capitalOf(server, lender)).toBe(before);

    // The B2C result posted again (same ConversationID) changes nothing.
    const [request] = await server.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.loanId, loan.id))
      .orderBy(sql`id desc`)
      .limit(1);
    const replay = await mpesaCallback(server, 'b2c/result', request!.rawResult);
    expect(replay.status).toBe(200);
    expect(await capitalOf(server, lender)).toBe(before);
    const again = await call(server, 'GET', `/loan/refund/${loan.id}`, undefined, lender.token);
    expect(again.body.latestWallet.total).toBe(300);
    expect(await ledgerViolations(server)).toEqual([]);
  });

  it('keeps a mistyped account number unmatched until the lender matches it by hand', async () => {
    const loan = await activeLoan(3000);
    await pay(server, {
      paybill: lender.paybill,
      account: 'WRONG123',
      amount: 1000,
      transId: 'RKT0000010',
    });
    await pay(server, {
      paybill: lender.paybill,
      account: 'TYPO',
      amount: 500,
      transId: 'RKT0000011',
    });
    const list = await call(
      server,
      'GET',
      '/loan-repayment-transaction/get-transactions',
      undefined,
      lender.token,
    );
    const unmatched = list.body.filter((r: { verified: boolean }) => !r.verified);
    expect(
      unmatched.map((r: { transactionDetails: string }) => r.transactionDetails).sort(),
    ).toEqual(['RKT0000010', 'RKT0000011']);
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(3300);
    const match = await call(
      server,
      'POST',
      '/manual-match/transaction',
      { loanId: loan.id, mpesaLoanRepaymentIds: unmatched.map((r: { id: number }) => r.id) },
      lender.token,
    );
    expect([match.status, match.body.message]).toEqual([200, 'Matched 2 repayments to the loan.']);
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(1800);
    const again = await call(
      server,
      'POST',
      '/manual-match/transaction',
      { loanId: loan.id, mpesaLoanRepaymentId: unmatched[0].id },
      lender.token,
    );
    expect(again.status).toBe(409);
  });
});

describe('fines, default and write-off', () => {
  const day = (from: Date, days: number) =>
    new Date(from.getTime() + days * 86_400_000 + 3 * 3600_000).toISOString().slice(0, 10);

  it('draws within-period fines after the grace days, over-period fines per cycle, defaults after 30 days, and is idempotent', async () => {
    const loan = await activeLoan(1000);
    const [row] = await server.database.db.select().from(loans).where(eq(loans.id, loan.id));
    const disbursed = row!.disbursementDate!;
    // 1,100 owed in 4 weekly instalments of 275. Instalment 1 is due on day 7, grace 2 days.
    let run = await runFines(server.database.db, day(disbursed, 8), { defaultAfterDays: 30 });
    let fines = await call(
      server,
      'GET',
      `/fines/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(fines.body.filter((f: { loan: { id: number } }) => f.loan.id === loan.id)).toHaveLength(
      0,
    );
    await runFines(server.database.db, day(disbursed, 10), { defaultAfterDays: 30 });
    run = await runFines(server.database.db, day(disbursed, 10), { defaultAfterDays: 30 });
    fines = await call(
      server,
      'GET',
      `/fines/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const mine = () => fines.body.filter((f: { loan: { id: number } }) => f.loan.id === loan.id);
    // 5% of 275 = 13.75, once.
    expect(
      mine().map((f: { kind: string; fineAmount: number; status: string }) => [
        f.kind,
        f.fineAmount,
        f.status,
      ]),
    ).toEqual([['within', 13.75, 'Unpaid']]);
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(1113.75);
    expect(run.finesDrawn).toBe(0);

    // Paying 13.75 pays the fine first.
    await pay(server, {
      paybill: lender.paybill,
      account: loan.loanCode,
      amount: 13.75,
      transId: 'RKTFINE01',
    });
    fines = await call(
      server,
      'GET',
      `/fines/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    expect(mine()[0]).toMatchObject({ status: 'Paid', fineBalance: 0 });

    // Due on day 28 + 3 grace; a full 7-day cycle later (day 38) the first over-period fine: 2% of the balance.
    await runFines(server.database.db, day(disbursed, 37), { defaultAfterDays: 30 });
    const beforeOver = (await loanStatus(server, lender, loan.id)).outstandingAmount;
    await runFines(server.database.db, day(disbursed, 39), { defaultAfterDays: 30 });
    fines = await call(
      server,
      'GET',
      `/fines/for-lender-business/${lender.businessId}`,
      undefined,
      lender.token,
    );
    const over = mine().filter((f: { kind: string }) => f.kind === 'over');
    expect(over).toHaveLength(1);
    expect(over[0].fineAmount).toBe(Math.round(beforeOver * 2) / 100);

    expect((await loanStatus(server, lender, loan.id)).status).toBe('active');
    await runFines(server.database.db, day(disbursed, 58), { defaultAfterDays: 30 });
    expect((await loanStatus(server, lender, loan.id)).status).toBe('default');
  });

  it('stops fines at the in duplum cap', async () => {
    const loan = await activeLoan(1000);
    const [row] = await server.database.db.select().from(loans).where(eq(loans.id, loan.id));
    await runFines(server.database.db, day(row!.disbursementDate!, 3650), { defaultAfterDays: 30 });
    const [after] = await server.database.db.select().from(loans).where(eq(loans.id, loan.id));
    // interest (100) + fines may not exceed the principal outstanding when past due (1,000).
    expect(Number(after!.inDuplumCap)).toBe(1000);
    expect(Number(after!.outstandingAmount)).toBe(2000);
    expect(after!.status).toBe('default');
    expect(endOfNairobiDay('2026-12-01').toISOString()).toBe('2026-12-01T20:59:59.999Z');

    const notDefault = await activeLoan(500);
    const refused = await call(
      server,
      'PATCH',
      `/loan/writeoff/${notDefault.id}`,
      undefined,
      lender.token,
    );
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Only a loan in default can be written off; this loan is active.',
    ]);
    const written = await call(
      server,
      'PATCH',
      `/loan/writeoff/${loan.id}`,
      undefined,
      lender.token,
    );
    expect([written.status, written.body.message]).toEqual([
      200,
      'Loan written off. KES 2,000.00 was recorded as written off.',
    ]);
    expect(await loanStatus(server, lender, loan.id)).toMatchObject({
      status: 'written_off',
      outstandingAmount: 0,
    });
    expect(
      (await call(server, 'PATCH', `/loan/writeoff/${loan.id}`, undefined, lender.token)).status,
    ).toBe(409);

    // The borrower pays after all: a recovery, split fines → interest → principal, until
    // the 2,000 written off is recovered; only what goes beyond is refundable.
    const refundableTotal = async () => {
      const list = await call(server, 'GET', '/loan/refundable', undefined, lender.token);
      return list.body.find((l: { id: number }) => l.id === loan.id)?.latestWallet?.total ?? 0;
    };
    const capitalBefore = await capitalOf(server, lender);
    await pay(server, {
      paybill: lender.paybill,
      account: after!.loanCode,
      amount: 1500,
      transId: 'RKTRCV0001',
    });
    const recovered = async () =>
      (await server.database.db.select().from(writeOffs).where(eq(writeOffs.loanId, loan.id)))[0]!;
    expect(await recovered()).toMatchObject({ amount: '2000.00', recoveredAmount: '1500.00' });
    expect(await refundableTotal()).toBe(0);
    const split = await server.database.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.loanId, loan.id));
    expect(split.map((p) => [p.fineAmount, p.interestAmount, p.principalAmount])).toEqual([
      ['900.00', '100.00', '500.00'],
    ]);
    await pay(server, {
      paybill: lender.paybill,
      account: after!.loanCode,
      amount: 600,
      transId: 'RKTRCV0002',
    });
    expect(await recovered()).toMatchObject({ recoveredAmount: '2000.00' });
    expect(await refundableTotal()).toBe(100);
    expect(await capitalOf(server, lender)).toBe(capitalBefore + 2100);
    expect(await loanStatus(server, lender, loan.id)).toMatchObject({
      status: 'written_off',
      outstandingAmount: 0,
    });
  });

  it('an admin runs the job for a day over HTTP while the server holds the database', async () => {
    const loan = await activeLoan(1000);
    // Disbursed 60 days ago, so its 59th day (default) has happened.
    await backdateLoan(server, loan.id, 60);
    const [row] = await server.database.db.select().from(loans).where(eq(loans.id, loan.id));
    const admin = await adminToken(server);
    const path = '/admin/jobs/fines';
    const later = day(row!.disbursementDate!, 28 + 31);
    expect((await call(server, 'POST', path, { date: later }, lender.token)).status).toBe(403);
    expect((await call(server, 'POST', path, { date: '2026-02-30' }, admin)).status).toBe(400);

    // A day that has not happened in Nairobi is refused with a sentence; nothing is drawn.
    const finesBefore = await server.database.db.select().from(finesTable);
    const tomorrow = day(new Date(), 1);
    const future = await call(server, 'POST', path, { date: tomorrow }, admin);
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(
      `The fines job runs only for days that have happened: ${tomorrow} is after today (${nairobiToday()}, Africa/Nairobi).`,
    );
    expect(await server.database.db.select().from(finesTable)).toEqual(finesBefore);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('active');
    const run = await call(server, 'POST', path, { date: later }, admin);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ day: later });
    expect(run.body.defaulted).toBeGreaterThanOrEqual(1);
    expect((await loanStatus(server, lender, loan.id)).status).toBe('default');
    const again = await call(server, 'POST', path, { date: later }, admin);
    expect(again.body).toMatchObject({ finesDrawn: 0, defaulted: 0 });
  });
  it("an admin cannot run the job for a day before the platform's first loan", async () => {
    await activeLoan(500);
    const admin = await adminToken(server);
    const first = await firstLoanDay(server.database.db);
    expect(first).not.toBeNull();
    const finesBefore = await server.database.db.select().from(finesTable);
    for (const date of ['0000-01-01', '2000-02-29', day(new Date(`${first!}T12:00:00Z`), -1)]) {
      const res = await call(server, 'POST', '/admin/jobs/fines', { date }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `The fines job runs only for days from the platform's first loan on: ${date} is before its first loan (${first!}).`,
      );
    }
    expect(await server.database.db.select().from(finesTable)).toEqual(finesBefore);
    const onFirst = await call(server, 'POST', '/admin/jobs/fines', { date: first }, admin);
    expect(onFirst.status).toBe(200);
  });

  it('npm run jobs:fines refuses 0000-01-01 with a sentence and draws nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mkopo-fines-'));
    try {
      const child = spawn(
        process.execPath,
        [compiledEntryPoint('server/jobs/run-fines.ts'), '--date', '0000-01-01'],
        { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
      );
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The platform has no loans yet, so the fines job runs only for today (${nairobiToday()}), not 0000-01-01.`,
      );
      expect(stdout).not.toContain('Fines for');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // It opens and migrates a database of its own: slower than one request.
  }, 120_000);

  it('npm run jobs:fines refuses a day after today before it opens any database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mkopo-fines-'));
    try {
      const tomorrow = day(new Date(), 1);
      const child = spawn(
        process.execPath,
        [compiledEntryPoint('server/jobs/run-fines.ts'), '--date', tomorrow],
        { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The fines job runs only for days that have happened: ${tomorrow} is after today (${nairobiToday()}, Africa/Nairobi).`,
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run mpesa:pay', () => {
  it('posts a C2B confirmation to a running server; replaying its TransID changes nothing', async () => {
    const loan = await activeLoan(800);
    const run = (transId: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            compiledEntryPoint('server/scripts/mpesa-pay.ts'),
            '--paybill',
            lender.paybill,
            '--account',
            loan.loanCode,
            '--amount',
            '100',
            '--phone',
            '0712345678',
            '--url',
            server.url,
            '--trans-id',
            transId,
          ],
          {
            env: { ...process.env, MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET },
          },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
      });
    expect(await run('RKTSCRIPT1')).toContain('200');
    await run('RKTSCRIPT1');
    expect((await loanStatus(server, lender, loan.id)).outstandingAmount).toBe(780);
  });

  it('finds the server of the DATA_DIR it is given, and says what to pass when it cannot', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mkopo-pay-'));
    const otherDir = mkdtempSync(join(tmpdir(), 'mkopo-pay-other-'));
    const env = { DATABASE_URL: '', MPESA_CALLBACK_SECRET: '', MPESA_SHORTCODE: '' };
    const main = startMain({ ...env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Boss-Passw0rd!' });
    try {
      expect(await main.started).toBe(true);
      const url = /Mkopo is running at (\S+)/.exec(main.output())![1]!;
      const pay = (dir: string, ...args: string[]) =>
        runScript(
          'server/scripts/mpesa-pay.ts',
          ['--account', 'NOSUCH1', '--amount', '100', ...args],
          { ...env, DATA_DIR: dir },
        );

      // Given the server's DATA_DIR, no --url: it pays that server (not :8080).
      const paid = await pay(dataDir, '--trans-id', 'RKTDATADIR1');
      expect(paid.code).toBe(0);
      expect(paid.output).toContain('200 ');

      // Another DATA_DIR that no server used: nothing is made there, and it says what to pass.
      const none = await pay(otherDir, '--url', url);
      expect(none.code).toBe(1);
      expect(none.output.trim()).toBe(
        `No Mkopo server has started with DATA_DIR ${otherDir}: it holds no M-Pesa callback secret. Pass the server's DATA_DIR (DATA_DIR=/path/to/its/data npm run mpesa:pay -- …) or its MPESA_CALLBACK_SECRET.`,
      );
      expect(readdirSync(otherDir)).toEqual([]);

      // A DATA_DIR with another server's secret: the 404 is explained.
      const wrong = await runScript(
        'server/scripts/mpesa-pay.ts',
        ['--account', 'NOSUCH1', '--amount', '100', '--url', url],
        {
          ...env,
          DATA_DIR: otherDir,
          MPESA_CALLBACK_SECRET: 'another-servers-secret-of-32-chars-or-more',
        },
      );
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain(`The server at ${url} refused the callback secret`);
      expect(wrong.output).toContain("Pass the server's DATA_DIR");
    } finally {
      await main.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(otherDir, { recursive: true, force: true });
    }
    // Once its server has stopped, the DATA_DIR points nowhere: it says so, with what to pass.
    const stopped = await runScript(
      'server/scripts/mpesa-pay.ts',
      ['--account', 'NOSUCH1', '--amount', '100', '--url', 'http://127.0.0.1:9'],
      { DATA_DIR: otherDir, MPESA_CALLBACK_SECRET: 'another-servers-secret-of-32-chars-or-more' },
    );
    expect(stopped.code).toBe(1);
    expect(stopped.output).toContain('No Mkopo server answers at http://127.0.0.1:9.');
    // A real start (its database made and migrated) and four scripts: slower than one request.
  }, 120_000);
});
