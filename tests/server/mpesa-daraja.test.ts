/**
 * The Daraja adapter against a local Daraja stand-in over real HTTP: OAuth token caching
 * and refresh, the exact request bodies of Daraja's API reference, and Daraja's refusals, token
 * rejections and silences turned into MpesaErrors.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mpesaRequests } from '../../server/db/schema';
import { ConfigError } from '../../server/config';
import {
  darajaGateway,
  parseDarajaSettings,
  type DarajaOptions,
  type DarajaSettings,
} from '../../server/mpesa/daraja';
import { MpesaError, type CallbackUrls, type MpesaGateway } from '../../server/mpesa/port';
import {
  B2C_PATH,
  C2B_REGISTER_PATH,
  OAUTH_PATH,
  STATUS_PATH,
  STK_PATH,
  STK_QUERY_PATH,
  startDarajaPeer,
  type DarajaPeer,
} from '../support/daraja-peer';
import { adminToken, approvedLender, lendingBook } from '../support/fixtures';
import {
  applyForLoan,
  capitalOf,
  eventually,
  ledgerViolations,
  loanStatus,
  mpesaCallback,
} from '../support/money';
import { call, startTestServer, TEST_CALLBACK_SECRET } from '../support/test-server';

const CONSUMER_KEY = 'test-consumer-key';
const CONSUMER_SECRET = 'test-consumer-secret';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

const callbacks: CallbackUrls = {
  stk: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/stk',
  b2cResult: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/b2c/result',
  b2cTimeout: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/b2c/timeout',
  b2cStatusResult: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/b2c/status/result',
  b2cStatusTimeout: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/b2c/status/timeout',
  c2bValidation: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/c2b/validation',
  c2bConfirmation: 'https://mkopo.example/api/mpesa/cb/s3cret-path-segment/c2b/confirmation',
};

const stkRequest = {
  phoneNumber: '254712345678',
  amount: 500,
  accountReference: 'MKP-ABC123',
  description: 'Capital',
};

let peer: DarajaPeer;
let clock: Date;

function settings(): DarajaSettings {
  return {
    baseUrl: peer.url,
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    shortCode: '174379',
    passkey: PASSKEY,
    b2cShortCode: '600638',
    initiatorName: 'testapi',
    securityCredential: 'EncryptedInitiatorPassword==',
  };
}

function gateway(options: DarajaOptions = {}): MpesaGateway {
  return darajaGateway(settings(), callbacks, { now: () => clock, ...options });
}

function advance(seconds: number): void {
  clock = new Date(clock.getTime() + seconds * 1000);
}

beforeEach(async () => {
  peer = await startDarajaPeer({
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    passkey: PASSKEY,
  });
  // 10:15:00 in Nairobi.
  clock = new Date('2026-11-22T07:15:00Z');
});

afterEach(async () => {
  await peer.close();
});

describe('Daraja OAuth token', () => {
  it('is fetched once with Basic auth and reused', async () => {
    const mpesa = gateway();
    await mpesa.stkPush(stkRequest);
    await mpesa.b2c({
      originatorConversationId: 'mkopo-b2c-1',
      phoneNumber: '254712345678',
      amount: 950,
      remarks: 'Loan K7M3QX9P',
    });
    await mpesa.registerC2bUrls?.('600638');

    const oauth = peer.calls(OAUTH_PATH);
    expect(oauth).toHaveLength(1);
    expect(oauth[0]?.method).toBe('GET');
    expect(oauth[0]?.query).toEqual({ grant_type: 'client_credentials' });
    expect(oauth[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`,
    );
    const calls = peer.requests.filter((r) => r.path !== OAUTH_PATH);
    expect(calls.map((r) => r.bearer)).toEqual([peer.tokens[0], peer.tokens[0], peer.tokens[0]]);
    expect(calls.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('is refreshed 60 seconds before it expires', async () => {
    const mpesa = gateway();
    await mpesa.stkPush(stkRequest);
    // expires_in "3599": still good 3538 s later…
    advance(3538);
    await mpesa.stkPush(stkRequest);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(1);
    // …but not inside the last minute.
    advance(2);
    await mpesa.stkPush(stkRequest);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(2);
    expect(peer.calls(STK_PATH).map((r) => r.bearer)).toEqual([
      peer.tokens[0],
      peer.tokens[0],
      peer.tokens[1],
    ]);
  });

  it('follows a short expires_in', async () => {
    peer.setExpiresIn('120');
    const mpesa = gateway();
    await mpesa.stkPush(stkRequest);
    advance(59);
    await mpesa.stkPush(stkRequest);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(1);
    advance(1);
    await mpesa.stkPush(stkRequest);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(2);
  });

  it('is requested once when the first calls race', async () => {
    const mpesa = gateway();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? mpesa.stkPush(stkRequest)
          : mpesa.b2c({
              originatorConversationId: `race-${i}`,
              phoneNumber: '254712345678',
              amount: 100,
              remarks: 'Race',
            }),
      ),
    );
    expect(answers).toHaveLength(6);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(1);
    expect(
      new Set(peer.requests.filter((r) => r.path !== OAUTH_PATH).map((r) => r.bearer)),
    ).toEqual(new Set([peer.tokens[0]]));
  });

  it('is replaced once when Daraja rejects it with 401', async () => {
    const mpesa = gateway();
    await mpesa.stkPush(stkRequest);
    peer.revokeTokens();
    const accepted = await mpesa.stkPush(stkRequest);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);

    expect(peer.calls(OAUTH_PATH)).toHaveLength(2);
    const stk = peer.calls(STK_PATH);
    expect(stk.map((r) => r.status)).toEqual([200, 401, 200]);
    expect(stk.map((r) => r.bearer)).toEqual([peer.tokens[0], peer.tokens[0], peer.tokens[1]]);
    // The fresh token is kept.
    await mpesa.stkPush(stkRequest);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(2);
  });

  it('is retried only once when Daraja keeps answering 401', async () => {
    const invalid = {
      requestId: '1',
      errorCode: '404.001.03',
      errorMessage: 'Invalid Access Token',
    };
    peer.failNext(401, invalid);
    peer.failNext(401, invalid);
    const mpesa = gateway();
    const failure = mpesa.stkPush(stkRequest);
    await expect(failure).rejects.toThrowError(MpesaError);
    await expect(failure).rejects.toThrowError(/Invalid Access Token/);
    expect(peer.calls(STK_PATH)).toHaveLength(2);
    expect(peer.calls(OAUTH_PATH)).toHaveLength(2);
  });

  it('refuses wrong consumer credentials with Daraja’s message', async () => {
    const mpesa = darajaGateway({ ...settings(), consumerSecret: 'wrong' }, callbacks);
    const failure = mpesa.stkPush(stkRequest);
    await expect(failure).rejects.toThrowError(MpesaError);
    await expect(failure).rejects.toThrowError(
      'M-Pesa (Daraja) refused the access token request: Invalid Authentication passed (400.008.01).',
    );
    expect(peer.calls(STK_PATH)).toHaveLength(0);
  });
});

describe('Daraja STK push', () => {
  it('sends the Daraja reference body with the Nairobi timestamp and password', async () => {
    const accepted = await gateway().stkPush(stkRequest);

    const [request] = peer.calls(STK_PATH);
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.body).toStrictEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${PASSKEY}20261122101500`).toString('base64'),
      Timestamp: '20261122101500',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 500,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: callbacks.stk,
      AccountReference: 'MKP-ABC123',
      TransactionDesc: 'Capital',
    });
    expect(request?.status).toBe(200);
    expect(accepted.merchantRequestId).toMatch(/^\d+-\d+-1$/);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_20261122101500\d+$/);
  });

  it('uses Nairobi’s date across midnight UTC and the new year', async () => {
    clock = new Date('2026-12-31T22:30:05Z');
    await gateway().stkPush(stkRequest);
    const body = peer.calls(STK_PATH)[0]?.body as Record<string, unknown>;
    expect(body.Timestamp).toBe('20270101013005');
    expect(body.Password).toBe(Buffer.from(`174379${PASSKEY}20270101013005`).toString('base64'));
  });

  it('cuts the account reference to 12 characters', async () => {
    await gateway().stkPush({ ...stkRequest, accountReference: 'MKP-ABCDEFGHIJKLMNOP' });
    const body = peer.calls(STK_PATH)[0]?.body as Record<string, unknown>;
    expect(body.AccountReference).toBe('MKP-ABCDEFGH');
  });

  it('refuses a fractional amount without calling Daraja', async () => {
    await expect(gateway().stkPush({ ...stkRequest, amount: 10.5 })).rejects.toThrowError(
      MpesaError,
    );
    expect(peer.requests).toHaveLength(0);
  });

  it('turns a Daraja error answer into an MpesaError with its message', async () => {
    peer.failNext(400, {
      requestId: '29115-34620561-1',
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid PhoneNumber',
    });
    const failure = gateway().stkPush(stkRequest);
    await expect(failure).rejects.toThrowError(MpesaError);
    await expect(failure).rejects.toThrowError(
      'M-Pesa (Daraja) refused the STK push: Bad Request - Invalid PhoneNumber (400.002.02).',
    );
  });

  it('turns a non-zero ResponseCode into an MpesaError', async () => {
    peer.failNext(200, {
      MerchantRequestID: '1-2-3',
      CheckoutRequestID: 'ws_CO_1',
      ResponseCode: '1',
      ResponseDescription: 'The balance is insufficient for the transaction',
      CustomerMessage: 'The balance is insufficient for the transaction',
    });
    await expect(gateway().stkPush(stkRequest)).rejects.toThrowError(
      /refused the STK push: The balance is insufficient for the transaction \(1\)/,
    );
  });

  it('passes the peer’s own check of a bad phone number back as an MpesaError', async () => {
    await expect(
      gateway().stkPush({ ...stkRequest, phoneNumber: '0712345678' }),
    ).rejects.toThrowError('Bad Request - Invalid PartyA');
  });

  it('gives up after the timeout with an MpesaError', async () => {
    peer.hangNext(5_000, STK_PATH);
    const started = Date.now();
    const failure = gateway({ timeoutMs: 200 }).stkPush(stkRequest);
    await expect(failure).rejects.toThrowError(MpesaError);
    await expect(failure).rejects.toThrowError(/did not answer the STK push within/);
    // It may have reached M-Pesa: a B2C sent so is settled by a status query, not reversed.
    await expect(failure).rejects.toMatchObject({ outcomeUnknown: true });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports an unreachable Daraja as an MpesaError', async () => {
    const url = peer.url;
    await peer.close();
    const mpesa = darajaGateway({ ...settings(), baseUrl: url }, callbacks);
    await expect(mpesa.stkPush(stkRequest)).rejects.toThrowError(
      /Could not reach M-Pesa \(Daraja\) for the access token request/,
    );
    await expect(mpesa.stkPush(stkRequest)).rejects.toMatchObject({
      outcomeUnknown: false,
      // No connection was made: this request certainly never left.
      notSent: true,
    });
    peer = await startDarajaPeer({ consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET });
  });

  it('says a payment refused for want of a token was never sent', async () => {
    const mpesa = darajaGateway({ ...settings(), consumerSecret: 'wrong' }, callbacks);
    await expect(
      mpesa.b2c({
        originatorConversationId: 'mkopo-no-token',
        phoneNumber: '254712345678',
        amount: 100,
        remarks: 'Withdrawal',
      }),
    ).rejects.toMatchObject({ notSent: true, outcomeUnknown: false });
    expect(peer.calls(B2C_PATH)).toHaveLength(0);
  });
});

describe('Daraja STK push query', () => {
  it('sends the Daraja reference body and reads "being processed", then the push’s ResultCode', async () => {
    const mpesa = gateway();
    const { checkoutRequestId } = await mpesa.stkPush(stkRequest);
    advance(180);
    expect(await mpesa.stkStatus({ checkoutRequestId })).toEqual({ pending: true });
    const [query] = peer.calls(STK_QUERY_PATH);
    expect(query?.body).toStrictEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${PASSKEY}20261122101800`).toString('base64'),
      Timestamp: '20261122101800',
      CheckoutRequestID: checkoutRequestId,
    });
    expect(query?.status).toBe(500);

    peer.endStk(checkoutRequestId, '1037', 'DS timeout user cannot be reached');
    expect(await mpesa.stkStatus({ checkoutRequestId })).toEqual({
      pending: false,
      resultCode: '1037',
      resultDesc: 'DS timeout user cannot be reached',
    });
    expect(peer.calls(STK_QUERY_PATH).map((r) => r.status)).toEqual([500, 200]);
  });

  it('reports an unknown CheckoutRequestID as an MpesaError', async () => {
    await expect(gateway().stkStatus({ checkoutRequestId: 'ws_CO_UNKNOWN' })).rejects.toThrowError(
      /refused the STK push query: Bad Request - Invalid CheckoutRequestID/,
    );
  });
});

describe('Daraja B2C', () => {
  it('sends the Daraja reference body with Safaricom’s Occassion spelling', async () => {
    const accepted = await gateway().b2c({
      originatorConversationId: 'mkopo-disb-0001',
      phoneNumber: '254112345678',
      amount: 950,
      remarks: 'Loan K7M3QX9P',
    });

    const [request] = peer.calls(B2C_PATH);
    expect(request?.body).toStrictEqual({
      OriginatorConversationID: 'mkopo-disb-0001',
      InitiatorName: 'testapi',
      SecurityCredential: 'EncryptedInitiatorPassword==',
      CommandID: 'BusinessPayment',
      Amount: 950,
      PartyA: '600638',
      PartyB: '254112345678',
      Remarks: 'Loan K7M3QX9P',
      QueueTimeOutURL: callbacks.b2cTimeout,
      ResultURL: callbacks.b2cResult,
      Occassion: '',
    });
    expect(accepted.originatorConversationId).toBe('mkopo-disb-0001');
    expect(accepted.conversationId).toMatch(/^AG_/);
  });

  it('reports a reused OriginatorConversationID as an MpesaError', async () => {
    const mpesa = gateway();
    const request = {
      originatorConversationId: 'mkopo-disb-0002',
      phoneNumber: '254712345678',
      amount: 100,
      remarks: 'Withdrawal',
    };
    await mpesa.b2c(request);
    await expect(mpesa.b2c(request)).rejects.toThrowError(
      /refused the B2C payment: Bad Request - Duplicate OriginatorConversationID/,
    );
  });
});

describe('Daraja C2B URL registration', () => {
  it('registers the confirmation and validation URLs', async () => {
    await gateway().registerC2bUrls?.('600638');
    const [request] = peer.calls(C2B_REGISTER_PATH);
    expect(request?.body).toStrictEqual({
      ShortCode: '600638',
      ResponseType: 'Completed',
      ConfirmationURL: callbacks.c2bConfirmation,
      ValidationURL: callbacks.c2bValidation,
    });
    expect(request?.status).toBe(200);
  });

  it('reports a refused registration', async () => {
    peer.failNext(500, {
      requestId: '1',
      errorCode: '500.003.1001',
      errorMessage: 'Urls are already registered',
    });
    await expect(gateway().registerC2bUrls?.('600638')).rejects.toThrowError(
      'M-Pesa (Daraja) refused the C2B URL registration: Urls are already registered (500.003.1001).',
    );
  });
});

describe('the server in daraja mode', () => {
  const darajaServer = () =>
    startTestServer({
      MPESA_MODE: 'daraja',
      MPESA_BASE_URL: peer.url,
      MPESA_CONSUMER_KEY: CONSUMER_KEY,
      MPESA_CONSUMER_SECRET: CONSUMER_SECRET,
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: PASSKEY,
      MPESA_INITIATOR_NAME: 'testapi',
      MPESA_SECURITY_CREDENTIAL: 'EncryptedInitiatorPassword==',
    });

  it('asks with a transaction status query about a disbursement whose result never came, and settles it by the answer', async () => {
    const server = await darajaServer();
    const callback = (path: string, body: unknown) => mpesaCallback(server, path, body);
    try {
      const { lender, agent, plan, borrowers } = await lendingBook(server, {
        name: 'Kamau',
        borrowers: 1,
      });
      const borrower = borrowers[0]!;

      // Capital by STK push: Safaricom's callback confirms it.
      const stk = await call(
        server,
        'POST',
        '/initiate/request-stkpush',
        { phoneNumber: '0712345678', amount: 5_000, lenderBusinessId: lender.businessId },
        lender.token,
      );
      expect(stk.status).toBe(200);
      const [deposit] = await server.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.kind, 'stk'));
      await callback('stk', {
        Body: {
          stkCallback: {
            MerchantRequestID: deposit!.merchantRequestId,
            CheckoutRequestID: deposit!.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 5000 },
                { Name: 'MpesaReceiptNumber', Value: 'RKTSTK0001' },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261122101500 },
                { Name: 'PhoneNumber', Value: 254712345678 },
              ],
            },
          },
        },
      });
      expect(await capitalOf(server, lender)).toBe(5_000);

      // The disbursement goes out; its result never arrives.
      const loan = await applyForLoan(server, agent, lender, {
        borrowerId: borrower.id,
        planId: plan.id,
        principal: 1_000,
      });
      const approved = await call(
        server,
        'PUT',
        `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
        undefined,
        lender.token,
      );
      expect(approved.status).toBe(200);
      const [payment] = peer.calls(B2C_PATH);
      const originatorConversationId = String(
        (payment!.body as Record<string, unknown>).OriginatorConversationID,
      );
      expect((await loanStatus(server, lender, loan.id)).status).toBe('disbursing');

      // Not yet overdue: the sweep leaves it. Overdue: it asks, by our id.
      const admin = await adminToken(server);
      const sweep = (olderThanMinutes?: number) =>
        call(
          server,
          'POST',
          '/admin/jobs/mpesa-status',
          olderThanMinutes === undefined ? {} : { olderThanMinutes },
          admin,
        );
      expect((await sweep()).body).toMatchObject({ queried: 0, resent: 0 });
      expect((await sweep(0)).body).toMatchObject({ queried: 1, resent: 0 });
      const [query] = peer.calls(STATUS_PATH);
      expect(query!.body).toStrictEqual({
        Initiator: 'testapi',
        SecurityCredential: 'EncryptedInitiatorPassword==',
        CommandID: 'TransactionStatusQuery',
        TransactionID: '',
        OriginalConversationID: originatorConversationId,
        PartyA: '174379',
        IdentifierType: '4',
        ResultURL: expect.stringMatching(
          new RegExp(`/api/mpesa/callback/${TEST_CALLBACK_SECRET}/b2c/status/result$`),
        ),
        QueueTimeOutURL: expect.stringMatching(
          new RegExp(`/api/mpesa/callback/${TEST_CALLBACK_SECRET}/b2c/status/timeout$`),
        ),
        Remarks: 'B2C result not received',
        Occasion: originatorConversationId,
      });

      // "Not found" settles nothing: the payment stays pending, its debit kept.
      const [asked] = await server.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.originatorConversationId, originatorConversationId));
      expect(asked!.statusQueryId).toMatch(/^AG_/);
      const statusResult = (resultCode: number | string, parameters?: unknown[]) => ({
        Result: {
          ResultType: 0,
          ResultCode: resultCode,
          ResultDesc:
            resultCode === 0
              ? 'The service request has been accepted successfully.'
              : 'The transaction could not be found.',
          OriginatorConversationID: 'a1b2-3',
          ConversationID: asked!.statusQueryId,
          TransactionID: 'RKT0000042',
          ...(parameters ? { ResultParameters: { ResultParameter: parameters } } : {}),
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: originatorConversationId } },
        },
      });
      expect((await callback('b2c/status/result', statusResult('R000002'))).status).toBe(200);
      expect((await loanStatus(server, lender, loan.id)).status).toBe('disbursing');
      expect(await capitalOf(server, lender)).toBe(5_000 - 975);

      // Completed: the loan is active with the receipt; a late B2C result changes nothing.
      const completed = statusResult(0, [
        { Key: 'ReceiptNo', Value: 'RKT0000042' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'Amount', Value: 975 },
      ]);
      expect((await callback('b2c/status/result', completed)).status).toBe(200);
      expect((await loanStatus(server, lender, loan.id)).status).toBe('active');
      await callback('b2c/result', {
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: 'The balance is insufficient for the transaction.',
          OriginatorConversationID: originatorConversationId,
          ConversationID: 'AG_LATE',
          TransactionID: 'RKT0000043',
        },
      });
      const [settled] = await server.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.originatorConversationId, originatorConversationId));
      expect(settled).toMatchObject({ status: 'succeeded', receipt: 'RKT0000042' });
      expect(await capitalOf(server, lender)).toBe(5_000 - 975);
      expect(await ledgerViolations(server)).toEqual([]);
      expect((await sweep(0)).body).toMatchObject({ queried: 0, resent: 0 });
    } finally {
      await server.close();
    }
  });

  it('settles STK pushes whose callback never comes by the STK push query', async () => {
    const server = await darajaServer();
    try {
      const lender = await approvedLender(server, 'Chebet');
      const admin = await adminToken(server);
      const push = async (amount: number) => {
        const res = await call(
          server,
          'POST',
          '/initiate/request-stkpush',
          { phoneNumber: '0712345678', amount, lenderBusinessId: lender.businessId },
          lender.token,
        );
        expect(res.status).toBe(200);
        return res.body.checkoutRequestId as string;
      };
      const sweep = () =>
        call(server, 'POST', '/admin/jobs/mpesa-status', { olderThanMinutes: 0 }, admin);
      const statusOf = async (checkoutRequestId: string) => {
        const [row] = await server.database.db
          .select()
          .from(mpesaRequests)
          .where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId));
        return row!;
      };
      const cancelled = await push(1_000);
      const paid = await push(2_000);

      // The payer has not answered yet: both stay pending.
      expect((await sweep()).body).toMatchObject({ stkQueried: 2 });
      expect((await statusOf(cancelled)).status).toBe('pending');
      expect(peer.calls(STK_QUERY_PATH).map((r) => r.status)).toEqual([500, 500]);

      // Unreachable: failed, nothing credited. Paid: credited once.
      peer.endStk(cancelled, '1037', 'DS timeout user cannot be reached');
      peer.endStk(paid, '0', 'The service request is processed successfully.');
      expect((await sweep()).body).toMatchObject({ stkQueried: 2 });
      expect(await statusOf(cancelled)).toMatchObject({ status: 'failed', resultCode: '1037' });
      expect(await statusOf(paid)).toMatchObject({ status: 'succeeded', resultCode: '0' });
      expect(await capitalOf(server, lender)).toBe(2_000);
      expect((await sweep()).body).toMatchObject({ stkQueried: 0 });
      expect(peer.calls(STK_QUERY_PATH)).toHaveLength(4);
      expect(await ledgerViolations(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('registers its C2B confirmation and validation URLs for MPESA_SHORTCODE at start', async () => {
    const server = await darajaServer();
    try {
      const request = await eventually(async () => peer.calls(C2B_REGISTER_PATH)[0]);
      // PUBLIC_URL's origin (the test server listens on a port chosen at random).
      expect(request.body).toStrictEqual({
        ShortCode: '174379',
        ResponseType: 'Completed',
        ConfirmationURL: expect.stringMatching(
          new RegExp(`/api/mpesa/callback/${TEST_CALLBACK_SECRET}/c2b/confirmation$`),
        ),
        ValidationURL: expect.stringMatching(
          new RegExp(`/api/mpesa/callback/${TEST_CALLBACK_SECRET}/c2b/validation$`),
        ),
      });
    } finally {
      await server.close();
    }
  });
});

describe('the Daraja peer', () => {
  it('refuses a body whose field names differ from the Daraja reference', async () => {
    const token = await fetch(`${peer.url}${OAUTH_PATH}?grant_type=client_credentials`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`,
      },
    }).then(async (res) => ((await res.json()) as { access_token: string }).access_token);
    const res = await fetch(`${peer.url}${C2B_REGISTER_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ShortCode: 600638,
        ResponseType: 'Completed',
        ConfirmationURL: callbacks.c2bConfirmation,
        ValidationURL: callbacks.c2bValidation,
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid ShortCode',
    });
  });
});

describe('parseDarajaSettings', () => {
  const complete = {
    MPESA_CONSUMER_KEY: 'key',
    MPESA_CONSUMER_SECRET: 'secret',
    MPESA_SHORTCODE: '174379',
    MPESA_PASSKEY: PASSKEY,
    MPESA_INITIATOR_NAME: 'testapi',
    MPESA_SECURITY_CREDENTIAL: 'Encrypted==',
  };

  it('reads the settings with the sandbox and the shortcode as defaults', () => {
    expect(parseDarajaSettings(complete)).toEqual({
      baseUrl: 'https://sandbox.safaricom.co.ke',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortCode: '174379',
      passkey: PASSKEY,
      b2cShortCode: '174379',
      initiatorName: 'testapi',
      securityCredential: 'Encrypted==',
    });
    expect(
      parseDarajaSettings({
        ...complete,
        MPESA_BASE_URL: 'https://api.safaricom.co.ke/',
        MPESA_B2C_SHORTCODE: '600638',
      }),
    ).toMatchObject({ baseUrl: 'https://api.safaricom.co.ke', b2cShortCode: '600638' });
  });

  it.each([
    'MPESA_CONSUMER_KEY',
    'MPESA_CONSUMER_SECRET',
    'MPESA_SHORTCODE',
    'MPESA_PASSKEY',
    'MPESA_INITIATOR_NAME',
    'MPESA_SECURITY_CREDENTIAL',
  ])('names %s when it is missing', (name) => {
    const env: Record<string, string | undefined> = { ...complete, [name]: '  ' };
    expect(() => parseDarajaSettings(env)).toThrowError(ConfigError);
    expect(() => parseDarajaSettings(env)).toThrowError(new RegExp(`^${name}: `));
  });

  it('names the first missing variable', () => {
    expect(() => parseDarajaSettings({})).toThrowError(/^MPESA_CONSUMER_KEY: /);
    expect(() =>
      parseDarajaSettings({ MPESA_CONSUMER_KEY: 'key', MPESA_PASSKEY: 'p' }),
    ).toThrowError(/^MPESA_CONSUMER_SECRET: /);
  });

  it.each([
    ['MPESA_BASE_URL', 'sandbox.safaricom'],
    ['MPESA_BASE_URL', 'ftp://sandbox.safaricom.co.ke'],
    ['MPESA_SHORTCODE', 'paybill'],
    ['MPESA_B2C_SHORTCODE', '12'],
  ])('refuses %s=%s naming it', (name, value) => {
    expect(() => parseDarajaSettings({ ...complete, [name]: value })).toThrowError(
      new RegExp(`^${name}: `),
    );
  });
});
