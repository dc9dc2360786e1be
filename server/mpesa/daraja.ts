/**
 * The real Safaricom Daraja adapter of the M-Pesa port (docs/architecture.md §6): STK push, B2C,
 * transaction status and STK push queries and C2B URL registration with the request
 * shapes of Daraja's API reference. It exists so that production
 * moves real money through the same port the simulator implements; results still arrive
 * on the callback routes. Holds one OAuth token at a time (refreshed shortly before it
 * expires, once even when many requests race) and turns every refusal, timeout or network
 * failure into an MpesaError with a sentence a lender can read.
 */
import { ConfigError } from '../config-error';
import {
  MpesaError,
  type B2cAccepted,
  type B2cRequest,
  type B2cStatusAccepted,
  type B2cStatusQuery,
  type CallbackUrls,
  type MpesaGateway,
  type StkPushAccepted,
  type StkPushRequest,
  type StkStatusAnswer,
  type StkStatusQuery,
} from './port';

export type DarajaSettings = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill that receives STK pushes (BusinessShortCode / PartyB). */
  shortCode: string;
  /** The Lipa na M-Pesa Online passkey, part of the STK Password. */
  passkey: string;
  /** The shortcode B2C payments leave from (PartyA). */
  b2cShortCode: string;
  initiatorName: string;
  /** The initiator password encrypted with Safaricom's certificate. */
  securityCredential: string;
};

export type DarajaOptions = {
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long one HTTP request to Daraja may take; 30 s unless a test shortens it. */
  timeoutMs?: number;
};

export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';
const DEFAULT_TIMEOUT_MS = 30_000;
/** A token is dropped this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** Africa/Nairobi is UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 3600 * 1000;
const ACCOUNT_REFERENCE_MAX = 12;
/** Daraja's errorCode for a token it no longer accepts (sent with various HTTP statuses). */
const INVALID_TOKEN_CODE = '404.001.03';
/** The STK push query's answer while the payer has not answered the prompt yet. */
const STK_PROCESSING_CODE = '500.001.1001';
/** A ResultCode some STK push queries answer with while the payment is still processing. */
const STK_STILL_PROCESSING_RESULT = '4999';
/** Network failures where no connection was made, so the request cannot have arrived. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

type Answer = { status: number; body: Record<string, unknown> | undefined };

/** yyyyMMddHHmmss in Nairobi time: the STK Timestamp. */
export function darajaTimestamp(at: Date): string {
  const nairobi = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    String(nairobi.getUTCFullYear()) +
    two(nairobi.getUTCMonth() + 1) +
    two(nairobi.getUTCDate()) +
    two(nairobi.getUTCHours()) +
    two(nairobi.getUTCMinutes()) +
    two(nairobi.getUTCSeconds())
  );
}

/** The STK Password: base64(shortCode + passkey + timestamp). */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Daraja's own words for a refusal, whichever of its error shapes it used. */
function darajaReason(answer: Answer): string {
  const body = answer.body ?? {};
  const message =
    text(body.errorMessage) ??
    text(body.ResponseDescription) ??
    text(body.resultDesc) ??
    text(body.ResultDesc) ??
    text(body.error_description) ??
    `HTTP ${answer.status}`;
  const code =
    text(body.errorCode) ??
    text(body.ResponseCode) ??
    text(body.resultCode) ??
    text(body.ResultCode);
  return code && code !== message ? `${message} (${code})` : message;
}

function wholeShillings(amount: number, what: string): number {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new MpesaError(`The ${what} amount must be a whole number of shillings, got ${amount}.`, {
      notSent: true,
    });
  }
  return amount;
}

export function darajaGateway(
  settings: DarajaSettings,
  callbacks: CallbackUrls,
  options: DarajaOptions = {},
): MpesaGateway {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');

  let cached: { token: string; refreshAt: number } | undefined;
  let refreshing: Promise<string> | undefined;

  /** One HTTP exchange; network failures and timeouts become MpesaErrors. */
  async function exchange(path: string, init: RequestInit, what: string): Promise<Answer> {
    let response: Response;
    let raw: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new MpesaError(
          `M-Pesa (Daraja) did not answer the ${what} within ${Math.round(timeoutMs / 1000)} seconds.`,
          { outcomeUnknown: true },
        );
      }
      const reason = error instanceof Error ? error.message : String(error);
      // A connection that broke after the request was written may have delivered it.
      const notConnected = NOT_CONNECTED.has(networkCode(error));
      throw new MpesaError(`Could not reach M-Pesa (Daraja) for the ${what}: ${reason}.`, {
        notSent: notConnected,
        outcomeUnknown: !notConnected,
      });
    }
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        body = parsed as Record<string, unknown>;
      }
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<string> {
    const requestedAt = now().getTime();
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString(
      'base64',
    );
    const answer = await exchange(
      '/oauth/v1/generate?grant_type=client_credentials',
      { method: 'GET', headers: { authorization: `Basic ${basic}`, accept: 'application/json' } },
      'access token request',
    );
    const token = answer.body?.access_token;
    const expiresIn = Number(answer.body?.expires_in);
    if (answer.status < 200 || answer.status >= 300 || typeof token !== 'string' || !token) {
      throw new MpesaError(
        `M-Pesa (Daraja) refused the access token request: ${darajaReason(answer)}.`,
      );
    }
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new MpesaError(
        `M-Pesa (Daraja) answered the access token request without a valid expires_in.`,
      );
    }
    cached = { token, refreshAt: requestedAt + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return token;
  }

  function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.refreshAt) return Promise.resolve(cached.token);
    refreshing ??= fetchToken().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** The access token; failing to get one means the request itself never left. */
  async function tokenFor(): Promise<string> {
    try {
      return await accessToken();
    } catch (error) {
      if (!(error instanceof MpesaError)) throw error;
      throw new MpesaError(error.message, { notSent: true });
    }
  }

  /** POSTs to a Daraja API with the bearer token; a refused token is replaced once. */
  async function post(path: string, body: Record<string, unknown>, what: string): Promise<Answer> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokenFor();
      const answer = await exchange(
        path,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
        },
        what,
      );
      const tokenRefused = answer.status === 401 || answer.body?.errorCode === INVALID_TOKEN_CODE;
      if (!tokenRefused || attempt > 1) return answer;
      // Drop the token only if no racing request has replaced it already.
      if (cached?.token === token) cached = undefined;
    }
  }

  /** The answer's body when Daraja accepted the request (ResponseCode "0"), else throws. */
  function accepted(
    answer: Answer,
    what: string,
    responseCodeOptional = false,
  ): Record<string, unknown> {
    const ok = answer.status >= 200 && answer.status < 300;
    const code = answer.body?.ResponseCode;
    if (
      ok &&
      answer.body &&
      (String(code) === '0' || (responseCodeOptional && code === undefined))
    ) {
      return answer.body;
    }
    throw new MpesaError(`M-Pesa (Daraja) refused the ${what}: ${darajaReason(answer)}.`);
  }

  function field(body: Record<string, unknown>, name: string, what: string): string {
    const value = text(body[name]);
    if (value === undefined) {
      throw new MpesaError(`M-Pesa (Daraja) accepted the ${what} but sent no ${name}.`);
    }
    return value;
  }

  async function stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    const what = 'STK push';
    const amount = wholeShillings(request.amount, what);
    const timestamp = darajaTimestamp(now());
    const answer = await post(
      '/mpesa/stkpush/v1/processrequest',
      {
        BusinessShortCode: settings.shortCode,
        Password: stkPassword(settings.shortCode, settings.passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: amount,
        PartyA: request.phoneNumber,
        PartyB: settings.shortCode,
        PhoneNumber: request.phoneNumber,
        CallBackURL: callbacks.stk,
        AccountReference: request.accountReference.slice(0, ACCOUNT_REFERENCE_MAX),
        TransactionDesc: request.description,
      },
      what,
    );
    const body = accepted(answer, what);
    return {
      merchantRequestId: field(body, 'MerchantRequestID', what),
      checkoutRequestId: field(body, 'CheckoutRequestID', what),
    };
  }

  async function b2c(request: B2cRequest): Promise<B2cAccepted> {
    const what = 'B2C payment';
    const amount = wholeShillings(request.amount, what);
    const answer = await post(
      '/mpesa/b2c/v3/paymentrequest',
      {
        OriginatorConversationID: request.originatorConversationId,
        InitiatorName: settings.initiatorName,
        SecurityCredential: settings.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: amount,
        PartyA: settings.b2cShortCode,
        PartyB: request.phoneNumber,
        Remarks: request.remarks,
        QueueTimeOutURL: callbacks.b2cTimeout,
        ResultURL: callbacks.b2cResult,
        // Safaricom's spelling.
        Occassion: '',
      },
      what,
    );
    const body = accepted(answer, what);
    return {
      conversationId: field(body, 'ConversationID', what),
      originatorConversationId:
        text(body.OriginatorConversationID) ?? request.originatorConversationId,
    };
  }

  async function transactionStatus(query: B2cStatusQuery): Promise<B2cStatusAccepted> {
    const what = 'transaction status query';
    const answer = await post(
      '/mpesa/transactionstatus/v1/query',
      {
        Initiator: settings.initiatorName,
        SecurityCredential: settings.securityCredential,
        CommandID: 'TransactionStatusQuery',
        // No receipt is known for a payment whose result never came: ask by our id.
        TransactionID: '',
        OriginalConversationID: query.originatorConversationId,
        PartyA: settings.b2cShortCode,
        IdentifierType: '4',
        ResultURL: callbacks.b2cStatusResult,
        QueueTimeOutURL: callbacks.b2cStatusTimeout,
        Remarks: 'B2C result not received',
        // Comes back in the result's ReferenceData, tying it to the payment.
        Occasion: query.originatorConversationId,
      },
      what,
    );
    const body = accepted(answer, what);
    return { conversationId: field(body, 'ConversationID', what) };
  }

  async function stkStatus(query: StkStatusQuery): Promise<StkStatusAnswer> {
    const what = 'STK push query';
    const timestamp = darajaTimestamp(now());
    const answer = await post(
      '/mpesa/stkpushquery/v1/query',
      {
        BusinessShortCode: settings.shortCode,
        Password: stkPassword(settings.shortCode, settings.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: query.checkoutRequestId,
      },
      what,
    );
    // While the payer may still answer the prompt, Daraja answers with an error.
    if (text(answer.body?.errorCode) === STK_PROCESSING_CODE) return { pending: true };
    const body = accepted(answer, what);
    const resultCode = text(body.ResultCode);
    if (resultCode === undefined) {
      throw new MpesaError(`M-Pesa (Daraja) answered the ${what} without a ResultCode.`);
    }
    if (resultCode === STK_STILL_PROCESSING_RESULT) return { pending: true };
    return { pending: false, resultCode, resultDesc: text(body.ResultDesc) ?? '' };
  }

  async function registerC2bUrls(shortCode: string): Promise<void> {
    const what = 'C2B URL registration';
    const answer = await post(
      '/mpesa/c2b/v2/registerurl',
      {
        ShortCode: shortCode,
        ResponseType: 'Completed',
        ConfirmationURL: callbacks.c2bConfirmation,
        ValidationURL: callbacks.c2bValidation,
      },
      what,
    );
    // v1 of this API answered without a ResponseCode; a 2xx without one is a success too.
    accepted(answer, what, true);
  }

  return { kind: 'daraja', stkPush, b2c, transactionStatus, stkStatus, registerC2bUrls };
}

/** The system error code of a failed fetch (undici puts it on the cause). */
function networkCode(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '';
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function required(env: Env, name: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(name, 'is required when MPESA_MODE is daraja');
  return value;
}

function shortCode(name: string, value: string): string {
  if (!/^\d{5,7}$/.test(value)) {
    throw new ConfigError(name, `must be a shortcode of 5 to 7 digits, got "${value}"`);
  }
  return value;
}

/** The Daraja settings from the environment; a ConfigError names the first bad variable. */
export function parseDarajaSettings(env: Env): DarajaSettings {
  const rawBase = read(env, 'MPESA_BASE_URL') ?? DARAJA_SANDBOX_URL;
  let base: URL;
  try {
    base = new URL(rawBase);
  } catch {
    throw new ConfigError('MPESA_BASE_URL', `must be a URL, got "${rawBase}"`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new ConfigError('MPESA_BASE_URL', 'must start with https:// or http://');
  }
  const consumerKey = required(env, 'MPESA_CONSUMER_KEY');
  const consumerSecret = required(env, 'MPESA_CONSUMER_SECRET');
  const mainShortCode = shortCode('MPESA_SHORTCODE', required(env, 'MPESA_SHORTCODE'));
  const passkey = required(env, 'MPESA_PASSKEY');
  const b2cShortCode = shortCode(
    'MPESA_B2C_SHORTCODE',
    read(env, 'MPESA_B2C_SHORTCODE') ?? mainShortCode,
  );
  const initiatorName = required(env, 'MPESA_INITIATOR_NAME');
  const securityCredential = required(env, 'MPESA_SECURITY_CREDENTIAL');
  return {
    baseUrl: rawBase.replace(/\/+$/, ''),
    consumerKey,
    consumerSecret,
    shortCode: mainShortCode,
    passkey,
    b2cShortCode,
    initiatorName,
    securityCredential,
  };
}
