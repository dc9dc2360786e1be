/**
 * A local stand-in for Safaricom's Daraja API, so the daraja adapter is tested over real
 * HTTP without a sandbox account. It checks what Daraja checks (Basic auth on OAuth,
 * bearer tokens on calls) and, stricter than Daraja, the exact field names and types of
 * Daraja's API reference, answering a mistake with Daraja's 400 { errorCode, errorMessage }. Every
 * request is recorded for assertions; tests can shorten token lifetimes, revoke tokens
 * and make the next call fail or hang.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const OAUTH_PATH = '/oauth/v1/generate';
export const STK_PATH = '/mpesa/stkpush/v1/processrequest';
export const B2C_PATH = '/mpesa/b2c/v3/paymentrequest';
export const C2B_REGISTER_PATH = '/mpesa/c2b/v2/registerurl';
export const STATUS_PATH = '/mpesa/transactionstatus/v1/query';
export const STK_QUERY_PATH = '/mpesa/stkpushquery/v1/query';

export type DarajaPeerRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined for GET or an unreadable body). */
  body: unknown;
  /** The HTTP status the peer answered with. */
  status: number;
  /** The bearer token the request carried, if any. */
  bearer: string | undefined;
};

export type DarajaPeerOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** The paybill's passkey: when given, STK Passwords are checked against it. */
  passkey?: string;
  /** expires_in of the tokens issued, seconds as a string (Daraja sends "3599"). */
  expiresIn?: string;
};

type Scripted = { status: number; body: unknown } | { hangMs: number };

export type DarajaPeer = {
  url: string;
  requests: DarajaPeerRequest[];
  /** The requests made to one path. */
  calls: (path: string) => DarajaPeerRequest[];
  /** Every access token issued, oldest first. */
  tokens: string[];
  /** expires_in of the tokens issued from now on. */
  setExpiresIn: (seconds: string) => void;
  /** Makes every token issued so far invalid, as when Daraja expires one early. */
  revokeTokens: () => void;
  /** The next API call (not OAuth unless path says so) gets this answer instead. */
  failNext: (status: number, body: unknown, path?: string) => void;
  /** The next API call is answered only after this long (or never, before close). */
  hangNext: (ms: number, path?: string) => void;
  /**
   * How an STK push it accepted ended, for STK push queries (ResultCode "0", "1032", …);
   * until this is called a query answers "The transaction is being processed".
   */
  endStk: (checkoutRequestId: string, resultCode: string, resultDesc: string) => void;
  close: () => Promise<void>;
};

type FieldCheck = (value: unknown) => boolean;

const isString: FieldCheck = (v) => typeof v === 'string';
const nonEmpty: FieldCheck = (v) => typeof v === 'string' && v.trim() !== '';
const digits: FieldCheck = (v) => typeof v === 'string' && /^\d{5,7}$/.test(v);
const phone: FieldCheck = (v) => typeof v === 'string' && /^254[17]\d{8}$/.test(v);
const wholeAmount: FieldCheck = (v) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const timestamp: FieldCheck = (v) => typeof v === 'string' && /^\d{14}$/.test(v);
const base64: FieldCheck = (v) =>
  typeof v === 'string' && v !== '' && /^[A-Za-z0-9+/]+={0,2}$/.test(v);
const oneOf =
  (...allowed: string[]): FieldCheck =>
  (v) =>
    typeof v === 'string' && allowed.includes(v);
const httpUrl: FieldCheck = (v) => {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Field name → check, exactly the fields of Daraja's API reference for each API. */
const SHAPES: Record<string, Record<string, FieldCheck>> = {
  [STK_PATH]: {
    BusinessShortCode: digits,
    Password: base64,
    Timestamp: timestamp,
    TransactionType: oneOf('CustomerPayBillOnline', 'CustomerBuyGoodsOnline'),
    Amount: wholeAmount,
    PartyA: phone,
    PartyB: digits,
    PhoneNumber: phone,
    CallBackURL: httpUrl,
    AccountReference: (v) => nonEmpty(v) && (v as string).length <= 12,
    TransactionDesc: nonEmpty,
  },
  [B2C_PATH]: {
    OriginatorConversationID: nonEmpty,
    InitiatorName: nonEmpty,
    SecurityCredential: nonEmpty,
    CommandID: oneOf('BusinessPayment', 'SalaryPayment', 'PromotionPayment'),
    Amount: wholeAmount,
    PartyA: digits,
    PartyB: phone,
    Remarks: nonEmpty,
    QueueTimeOutURL: httpUrl,
    ResultURL: httpUrl,
    Occassion: isString,
  },
  // Daraja's API reference's fields, and OriginalConversationID: Daraja asks by receipt (TransactionID)
  // or by the payment's OriginatorConversationID, the only id a timed-out payment has.
  [STATUS_PATH]: {
    Initiator: nonEmpty,
    SecurityCredential: nonEmpty,
    CommandID: oneOf('TransactionStatusQuery'),
    TransactionID: isString,
    OriginalConversationID: isString,
    PartyA: digits,
    IdentifierType: oneOf('1', '2', '4'),
    ResultURL: httpUrl,
    QueueTimeOutURL: httpUrl,
    Remarks: nonEmpty,
    Occasion: isString,
  },
  [STK_QUERY_PATH]: {
    BusinessShortCode: digits,
    Password: base64,
    Timestamp: timestamp,
    CheckoutRequestID: nonEmpty,
  },
  [C2B_REGISTER_PATH]: {
    ShortCode: digits,
    ResponseType: oneOf('Completed', 'Cancelled'),
    ConfirmationURL: httpUrl,
    ValidationURL: httpUrl,
  },
};

function requestId(): string {
  return `${randomBytes(2).toString('hex')}-${Date.now() % 100_000_000}-1`;
}

function badRequest(message: string): { status: number; body: unknown } {
  return {
    status: 400,
    body: {
      requestId: requestId(),
      errorCode: '400.002.02',
      errorMessage: `Bad Request - ${message}`,
    },
  };
}

/** The first thing wrong with a body, in Daraja's words, or undefined. */
function shapeError(shape: Record<string, FieldCheck>, body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Invalid JSON body';
  const record = body as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!(name in shape)) return `Unexpected field ${name}`;
  }
  for (const [name, check] of Object.entries(shape)) {
    if (!(name in record)) return `Missing ${name}`;
    if (!check(record[name])) return `Invalid ${name}`;
  }
  return undefined;
}

export async function startDarajaPeer(options: DarajaPeerOptions): Promise<DarajaPeer> {
  let expiresIn = options.expiresIn ?? '3599';
  const live = new Map<string, number>();
  const tokens: string[] = [];
  const requests: DarajaPeerRequest[] = [];
  const scripted: { path: string | undefined; answer: Scripted }[] = [];
  const usedOriginatorIds = new Set<string>();
  /** CheckoutRequestID → how the push ended (undefined: still waiting for the payer). */
  const stkPushes = new Map<string, { code: string; desc: string } | undefined>();
  const hangs = new Set<NodeJS.Timeout>();
  let sequence = 0;

  function takeScripted(path: string): Scripted | undefined {
    const index = scripted.findIndex((s) =>
      s.path === undefined ? path !== OAUTH_PATH : s.path === path,
    );
    if (index < 0) return undefined;
    const [entry] = scripted.splice(index, 1);
    return entry?.answer;
  }

  function handle(
    method: string,
    path: string,
    query: Record<string, string>,
    headers: IncomingHttpHeaders,
    body: unknown,
    bearer: string | undefined,
  ): { status: number; body: unknown } {
    const authorization = headers.authorization ?? '';

    if (path === OAUTH_PATH) {
      const expected = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString(
        'base64',
      );
      if (method !== 'GET') return { status: 405, body: { errorMessage: 'Method Not Allowed' } };
      if (query.grant_type !== 'client_credentials') {
        return {
          status: 400,
          body: {
            requestId: requestId(),
            errorCode: '400.008.02',
            errorMessage: 'Invalid grant type passed',
          },
        };
      }
      if (authorization !== `Basic ${expected}`) {
        return {
          status: 400,
          body: {
            requestId: requestId(),
            errorCode: '400.008.01',
            errorMessage: 'Invalid Authentication passed',
          },
        };
      }
      sequence += 1;
      const token = `tok${sequence}${randomBytes(12).toString('hex')}`;
      live.set(token, Date.now() + Number(expiresIn) * 1000);
      tokens.push(token);
      return { status: 200, body: { access_token: token, expires_in: expiresIn } };
    }

    const shape = SHAPES[path];
    if (!shape) {
      return {
        status: 404,
        body: {
          requestId: requestId(),
          errorCode: '404.001.01',
          errorMessage: 'Resource not found',
        },
      };
    }
    const expiry = bearer === undefined ? undefined : live.get(bearer);
    if (expiry === undefined || expiry <= Date.now()) {
      return {
        status: 401,
        body: {
          requestId: requestId(),
          errorCode: '404.001.03',
          errorMessage: 'Invalid Access Token',
        },
      };
    }
    if (method !== 'POST') return { status: 405, body: { errorMessage: 'Method Not Allowed' } };
    if (!(headers['content-type'] ?? '').includes('application/json')) {
      return badRequest('Invalid Content-Type');
    }
    const problem = shapeError(shape, body);
    if (problem) return badRequest(problem);
    const fields = body as Record<string, unknown>;

    if ((path === STK_PATH || path === STK_QUERY_PATH) && options.passkey !== undefined) {
      const expected = Buffer.from(
        `${String(fields.BusinessShortCode)}${options.passkey}${String(fields.Timestamp)}`,
      ).toString('base64');
      if (fields.Password !== expected) return badRequest('Invalid Password');
    }

    if (path === STK_PATH) {
      if (fields.PartyB !== fields.BusinessShortCode) return badRequest('Invalid PartyB');
      sequence += 1;
      const checkoutRequestId = `ws_CO_${String(fields.Timestamp)}${String(sequence).padStart(6, '0')}`;
      stkPushes.set(checkoutRequestId, undefined);
      return {
        status: 200,
        body: {
          MerchantRequestID: `${10000 + sequence}-${Date.now() % 100_000_000}-1`,
          CheckoutRequestID: checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      };
    }

    if (path === B2C_PATH) {
      const id = String(fields.OriginatorConversationID);
      if (usedOriginatorIds.has(id)) return badRequest('Duplicate OriginatorConversationID');
      usedOriginatorIds.add(id);
      sequence += 1;
      return {
        status: 200,
        body: {
          ConversationID: `AG_20261122_${String(sequence).padStart(20, '0')}`,
          OriginatorConversationID: id,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      };
    }

    if (path === STK_QUERY_PATH) {
      const id = String(fields.CheckoutRequestID);
      if (!stkPushes.has(id)) return badRequest('Invalid CheckoutRequestID');
      const ended = stkPushes.get(id);
      // Daraja's answer while the payer has not answered the prompt.
      if (!ended) {
        return {
          status: 500,
          body: {
            requestId: id,
            errorCode: '500.001.1001',
            errorMessage: 'The transaction is being processed',
          },
        };
      }
      return {
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: `${10000 + sequence}-${Date.now() % 100_000_000}-1`,
          CheckoutRequestID: id,
          ResultCode: ended.code,
          ResultDesc: ended.desc,
        },
      };
    }

    if (path === STATUS_PATH) {
      if (!nonEmpty(fields.TransactionID) && !nonEmpty(fields.OriginalConversationID)) {
        return badRequest('Invalid TransactionID');
      }
      sequence += 1;
      return {
        status: 200,
        body: {
          OriginatorConversationID: `${randomBytes(4).toString('hex')}-${sequence}`,
          ConversationID: `AG_20261122_${String(sequence).padStart(20, '0')}`,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      };
    }

    return {
      status: 200,
      body: {
        OriginatorCoversationID: `${randomBytes(4).toString('hex')}-${sequence}`,
        ResponseCode: '0',
        ResponseDescription: 'Success',
      },
    };
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      const authorization = req.headers.authorization ?? '';
      const bearer = authorization.startsWith('Bearer ')
        ? authorization.slice('Bearer '.length)
        : undefined;
      const record: DarajaPeerRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        status: 0,
        bearer,
      };
      requests.push(record);

      const script = takeScripted(url.pathname);
      if (script && 'hangMs' in script) {
        const timer = setTimeout(() => {
          hangs.delete(timer);
          const answer = handle(
            record.method,
            record.path,
            record.query,
            req.headers,
            body,
            bearer,
          );
          record.status = answer.status;
          if (!res.destroyed) send(res, answer.status, answer.body);
        }, script.hangMs);
        hangs.add(timer);
        return;
      }
      const answer =
        script ?? handle(record.method, record.path, record.query, req.headers, body, bearer);
      record.status = answer.status;
      send(res, answer.status, answer.body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls: (path) => requests.filter((r) => r.path === path),
    tokens,
    setExpiresIn: (seconds) => {
      expiresIn = seconds;
    },
    revokeTokens: () => live.clear(),
    failNext: (status, body, path) => scripted.push({ path, answer: { status, body } }),
    hangNext: (ms, path) => scripted.push({ path, answer: { hangMs: ms } }),
    endStk: (checkoutRequestId, code, desc) => stkPushes.set(checkoutRequestId, { code, desc }),
    close: async () => {
      for (const timer of hangs) clearTimeout(timer);
      hangs.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
