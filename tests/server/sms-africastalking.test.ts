/**
 * The Africa's Talking adapter of the SMS port against a local stand-in over real HTTP:
 * the request's shape (form fields, apiKey, Accept), statusCode 101 with its message id
 * and cost, refusals and an unreachable provider; then a server in SMS_MODE=africastalking
 * that sends a disbursement notice there, and delivery reports on the secret path.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { africasTalkingGateway, MESSAGING_PATH } from '../../server/sms/africastalking';
import { SmsError } from '../../server/sms/port';
import { startAfricasTalkingPeer, type AfricasTalkingPeer } from '../support/africastalking-peer';
import { deposit, disbursedLoan, eventually } from '../support/money';
import { messagesOf, nairobiTime, nairobiDay, testClock } from '../support/sms';
import { startTestServer, type TestServer } from '../support/test-server';
import { FOUR_WEEKS, lendingBook, newBorrower } from '../support/fixtures';

const USERNAME = 'mkopo-test';
const API_KEY = 'atsk_0123456789abcdef';
const SMS_SECRET = 'sms-callback-secret-0123456789';

let peer: AfricasTalkingPeer;

beforeAll(async () => {
  peer = await startAfricasTalkingPeer({ username: USERNAME, apiKey: API_KEY });
});
afterAll(async () => {
  await peer.close();
});

const settings = () => ({
  baseUrl: peer.url,
  username: USERNAME,
  apiKey: API_KEY,
  senderId: 'MKOPO',
});

describe("the Africa's Talking adapter", () => {
  it('posts the form Africa’s Talking expects and keeps the message id and cost', async () => {
    const gateway = africasTalkingGateway(settings());
    const result = await gateway.send({ phoneNumber: '254712345678', message: 'Habari' });
    expect(result).toEqual({
      accepted: true,
      providerMessageId: expect.stringMatching(/^ATXid_/),
      cost: { currency: 'KES', amount: '0.8000' },
    });
    const request = peer.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(MESSAGING_PATH);
    expect(request.headers.apikey).toBe(API_KEY);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      username: USERNAME,
      to: '+254712345678',
      message: 'Habari',
      from: 'MKOPO',
    });
  });

  it('leaves out the sender id when none is configured', async () => {
    const gateway = africasTalkingGateway({ ...settings(), senderId: undefined });
    await gateway.send({ phoneNumber: '254712345678', message: 'Habari' });
    expect(peer.requests.at(-1)!.form).not.toHaveProperty('from');
  });

  it('reports a recipient Africa’s Talking did not send to, and an HTTP refusal', async () => {
    const gateway = africasTalkingGateway(settings());
    peer.answerNext(201, {
      SMSMessageData: {
        Message: 'Sent to 0/1 Total Cost: 0',
        Recipients: [
          {
            statusCode: 406,
            number: '+254712345678',
            status: 'UserInBlacklist',
            cost: '0',
            messageId: 'None',
          },
        ],
      },
    });
    expect(await gateway.send({ phoneNumber: '254712345678', message: 'x' })).toEqual({
      accepted: false,
      reason: expect.stringContaining('UserInBlacklist (406)'),
    });
    const wrongKey = africasTalkingGateway({ ...settings(), apiKey: 'wrong' });
    expect(await wrongKey.send({ phoneNumber: '254712345678', message: 'x' })).toEqual({
      accepted: false,
      reason: expect.stringContaining('HTTP 401'),
    });
  });

  it('throws an SmsError that says the message never left when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gateway = africasTalkingGateway({ ...settings(), baseUrl: `http://127.0.0.1:${port}` });
    const error = await gateway
      .send({ phoneNumber: '254712345678', message: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as SmsError).outcomeUnknown).toBe(false);
  });
});

describe('SMS settings', () => {
  it('refuses a bad mode, missing Africa’s Talking credentials and a short secret', () => {
    expect(() => loadConfig({ SMS_MODE: 'twilio' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_MODE: 'africastalking', AT_API_KEY: 'k' })).toThrow(
      /AT_USERNAME/,
    );
    expect(() => loadConfig({ SMS_MODE: 'africastalking', AT_USERNAME: 'u' })).toThrow(
      /AT_API_KEY/,
    );
    expect(() =>
      loadConfig({
        SMS_MODE: 'africastalking',
        AT_USERNAME: 'u',
        AT_API_KEY: 'k',
        AT_BASE_URL: 'ftp://x',
      }),
    ).toThrow(/AT_BASE_URL/);
    expect(() => loadConfig({ SMS_CALLBACK_SECRET: 'short' })).toThrow(/SMS_CALLBACK_SECRET/);
    expect(loadConfig({}).sms).toEqual({
      mode: 'simulator',
      callbackSecret: undefined,
      africastalking: undefined,
      quietHours: { from: 20, until: 7 },
    });
    expect(() => loadConfig({ SMS_QUIET_HOURS: '20-25' })).toThrow(/SMS_QUIET_HOURS/);
  });
});

describe('a server in SMS_MODE=africastalking', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Daytime in Nairobi: nothing waits for quiet hours to end.
    const clock = testClock(nairobiTime(nairobiDay(new Date()), '10:00'));
    server = await startTestServer(
      {
        SMS_MODE: 'africastalking',
        AT_BASE_URL: peer.url,
        AT_USERNAME: USERNAME,
        AT_API_KEY: API_KEY,
        SMS_CALLBACK_SECRET: SMS_SECRET,
      },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  const report = (secret: string, fields: Record<string, string>) =>
    fetch(`${server.api}/sms/callback/${secret}/delivery`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('sends the disbursement notice there and applies delivery reports', async () => {
    const world = await lendingBook(server, { name: 'Achieng', plan: FOUR_WEEKS });
    await deposit(server, world.lender, 50_000);
    const borrower = await newBorrower(server, world);
    const loan = await disbursedLoan(server, world.agent, world.lender, {
      borrowerId: borrower.id,
      planId: world.planId,
      principal: 5000,
    });
    const [sent] = await eventually(async () => {
      const messages = await messagesOf(server, world.lender, loan.id);
      return messages[0]?.status === 'sent' && messages;
    });
    expect(sent).toMatchObject({
      kind: 'disbursed',
      phoneNumber: borrower.phoneNumber,
      cost: { currency: 'KES', amount: '0.8000' },
    });
    const request = peer.requests.find((r) => r.form.message?.includes(loan.loanCode));
    expect(request?.form.to).toBe(`+${borrower.phoneNumber}`);
    expect(request?.form.message).toBe(sent!.body);

    // A wrong secret is a 404 and changes nothing.
    const refused = await report('not-the-secret-0123456789', {
      id: sent!.providerMessageId!,
      status: 'Success',
    });
    expect(refused.status).toBe(404);
    expect((await messagesOf(server, world.lender, loan.id))[0]!.status).toBe('sent');

    // Buffered is on the way; Success is delivered; a later Failed does not undo it.
    for (const status of ['Buffered', 'Success', 'Failed']) {
      const answer = await report(SMS_SECRET, {
        id: sent!.providerMessageId!,
        status,
        phoneNumber: `+${borrower.phoneNumber}`,
        networkCode: '63902',
        retryCount: '0',
      });
      expect(answer.status).toBe(200);
      if (status === 'Buffered')
        expect((await messagesOf(server, world.lender, loan.id))[0]!.status).toBe('sent');
    }
    expect((await messagesOf(server, world.lender, loan.id))[0]!.status).toBe('delivered');
    // The log shows the delivery-report path without its secret.
    const log = JSON.stringify(server.logs);
    expect(log).not.toContain(SMS_SECRET);
    expect(log).toContain('/sms/callback/[redacted]/delivery');
  });

  it('marks a message failed, with the reason, on a failure report', async () => {
    const world = await lendingBook(server, { name: 'Wanjiru', plan: FOUR_WEEKS });
    await deposit(server, world.lender, 50_000);
    const borrower = await newBorrower(server, world);
    const loan = await disbursedLoan(server, world.agent, world.lender, {
      borrowerId: borrower.id,
      planId: world.planId,
      principal: 3000,
    });
    const [sent] = await eventually(async () => {
      const messages = await messagesOf(server, world.lender, loan.id);
      return messages[0]?.status === 'sent' && messages;
    });
    await report(SMS_SECRET, {
      id: sent!.providerMessageId!,
      status: 'Failed',
      failureReason: 'AbsentSubscriber',
    });
    const [failed] = await messagesOf(server, world.lender, loan.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('AbsentSubscriber'),
    });
  });
});
