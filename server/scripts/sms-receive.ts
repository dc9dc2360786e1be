/**
 * `npm run sms:receive -- --from 0712345678 --text "COMPLAINT my payment is missing"` posts an
 * incoming SMS to a running Mkopo as Africa's Talking's incoming-messages callback would
 * (form-encoded from, to, text, date, id, linkId): the simulator of a borrower texting the
 * platform's number. --to (default the platform's number, 22384), --id (to replay one) and
 * --url (default http://127.0.0.1:8080) are optional; the callback secret is
 * SMS_CALLBACK_SECRET or the one in DATA_DIR.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { normalizeKenyanPhone } from '../../src/domain/phone';
import { loadConfig } from '../config';
import { resolveSmsCallbackSecret } from '../secrets';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    text: { type: 'string' },
    to: { type: 'string', default: '22384' },
    id: { type: 'string' },
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
  },
});
const from = values.from ? normalizeKenyanPhone(values.from) : null;
if (!from || !values.text) {
  process.stderr.write(
    'Usage: npm run sms:receive -- --from 0712345678 --text "COMPLAINT what happened" [--id ATXid_…]\n',
  );
  process.exit(2);
}
const config = loadConfig();
const secret = resolveSmsCallbackSecret(config.sms.callbackSecret, config.dataDir);
const id = values.id ?? `ATXid_${randomUUID().replace(/-/g, '')}`;
const body = new URLSearchParams({
  from: `+${from}`,
  to: values.to,
  text: values.text,
  date: new Date().toISOString().replace('T', ' ').slice(0, 19),
  id,
  linkId: randomUUID(),
});
const response = await fetch(
  `${values.url.replace(/\/+$/, '')}${config.apiPrefix}/sms/callback/${secret}/inbound`,
  {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  },
);
process.stdout.write(`${response.status} ${await response.text()}  (id ${id})\n`);
if (!response.ok) process.exit(1);
