/**
 * `npm run mpesa:pay -- --account CODE --amount A --phone N` posts an M-Pesa C2B
 * confirmation to a running Mkopo, as a borrower's paybill payment would arrive.
 * --paybill is the shortcode paid to (default: the platform's, MPESA_SHORTCODE, 174379
 * in simulator mode; a business's own paybill counts once an admin verified it).
 * --url (default http://127.0.0.1:8080) and --trans-id (to replay one) are optional;
 * the callback secret is MPESA_CALLBACK_SECRET or the one in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { resolveCallbackSecret } from '../secrets';
import { nairobiTimestamp } from '../mpesa/simulator';

const { values } = parseArgs({
  options: {
    paybill: { type: 'string' },
    account: { type: 'string' },
    amount: { type: 'string' },
    phone: { type: 'string', default: '254700123456' },
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
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
const secret = resolveCallbackSecret(config.mpesa.callbackSecret, config.dataDir);
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
  `${values.url.replace(/\/+$/, '')}${config.apiPrefix}/mpesa/callback/${secret}/c2b/confirmation`,
  {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  },
);
process.stdout.write(`${response.status} ${await response.text()}  (TransID ${transId})\n`);
if (!response.ok) process.exit(1);
