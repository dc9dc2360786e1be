/**
 * `npm run mpesa:pay -- --account CODE --amount A --phone N` posts an M-Pesa C2B
 * confirmation to a running Mkopo, as a borrower's paybill payment would arrive.
 * --paybill is the shortcode paid to (default: the platform's, MPESA_SHORTCODE, 174379
 * in simulator mode; a business's own paybill counts once an admin verified it).
 * --url and --trans-id (to replay one) are optional. Without --url it pays the server
 * that runs on DATA_DIR (its address is in DATA_DIR/server.json), else
 * http://127.0.0.1:8080. The callback secret is MPESA_CALLBACK_SECRET or the one in
 * DATA_DIR: a server started with another DATA_DIR answers 404, and this says what to pass.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runningServerOrigin } from '../server-address';
import { nairobiTimestamp } from '../mpesa/simulator';

const { values } = parseArgs({
  options: {
    paybill: { type: 'string' },
    account: { type: 'string' },
    amount: { type: 'string' },
    phone: { type: 'string', default: '254700123456' },
    url: { type: 'string' },
    'trans-id': { type: 'string' },
    name: { type: 'string', default: 'JOHN' },
  },
});
const missing = ['account', 'amount'].filter((name) => !values[name as keyof typeof values]);
if (missing.length) {
  process.stderr.write(
    `Missing --${missing.join(', --')}. Usage: npm run mpesa:pay -- --account K7M3QX9P --amount 1100 --phone 0712345678 [--paybill 174379]\n`,
  );
  process.exit(2);
}
const config = loadConfig();
const DEFAULT_URL = 'http://127.0.0.1:8080';
const url = (values.url ?? runningServerOrigin(config.dataDir) ?? DEFAULT_URL).replace(/\/+$/, '');
const withDataDir = `DATA_DIR=${config.dataDir} npm run mpesa:pay -- …`;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The secret of the server's callback URLs; read, never made here (a new one fits no server). */
function callbackSecret(): string {
  if (config.mpesa.callbackSecret) return config.mpesa.callbackSecret;
  try {
    const stored = readFileSync(path.join(config.dataDir, 'mpesa-callback-secret'), 'utf8').trim();
    if (stored) return stored;
  } catch {
    // Below.
  }
  return fail(
    `No Mkopo server has started with DATA_DIR ${config.dataDir}: it holds no M-Pesa callback secret. ` +
      `Pass the server's DATA_DIR (DATA_DIR=/path/to/its/data npm run mpesa:pay -- …) or its MPESA_CALLBACK_SECRET.`,
  );
}
const secret = callbackSecret();
const transId =
  values['trans-id'] ?? `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
const body = {
  TransactionType: 'Pay Bill',
  TransID: transId,
  TransTime: nairobiTimestamp(),
  TransAmount: Number(values.amount).toFixed(2),
  BusinessShortCode: values.paybill ?? config.mpesa.platformShortCode,
  BillRefNumber: values.account,
  InvoiceNumber: '',
  OrgAccountBalance: '0.00',
  ThirdPartyTransID: '',
  MSISDN: values.phone,
  FirstName: values.name,
  MiddleName: '',
  LastName: '',
};
const response = await fetch(
  `${url}${config.apiPrefix}/mpesa/callback/${secret}/c2b/confirmation`,
  {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  },
).catch(() =>
  fail(
    `No Mkopo server answers at ${url}. Pass its address (--url http://HOST:PORT), or the DATA_DIR it runs with (${withDataDir}).`,
  ),
);
const answer = await response.text();
if (response.status === 404) {
  fail(
    `The server at ${url} refused the callback secret of DATA_DIR ${config.dataDir} (404): it runs with another DATA_DIR or MPESA_CALLBACK_SECRET. ` +
      `Pass the server's DATA_DIR (DATA_DIR=/path/to/its/data npm run mpesa:pay -- …), or its MPESA_CALLBACK_SECRET` +
      (values.url ? '.' : `, and --url if it does not listen at ${url}.`),
  );
}
process.stdout.write(`${response.status} ${answer}  (TransID ${transId})\n`);
if (!response.ok) process.exit(1);
