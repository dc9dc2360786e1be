/**
 * `npm run mpesa:register-c2b -- --shortcode 600100 --consumer-key KEY --consumer-secret SECRET`
 * registers this Mkopo's C2B confirmation and validation URLs for a business's own paybill,
 * with that business's own Daraja app credentials (Safaricom registers URLs for a
 * shortcode only with an app linked to it). The server registers them for the platform's
 * MPESA_SHORTCODE at every start; this is for the other paybills, once each, after an
 * administrator verified the paybill. It stores nothing: the credentials are used for one
 * OAuth token and this one call, and are forgotten.
 *
 * The URLs are built as the server builds them: PUBLIC_URL + API_PREFIX + the callback
 * secret (MPESA_CALLBACK_SECRET, or the one the server generated in DATA_DIR), so run it
 * with the server's settings. --base-url (default MPESA_BASE_URL, else Daraja's sandbox)
 * chooses the Daraja API; the key and secret may come from MPESA_C2B_CONSUMER_KEY and
 * MPESA_C2B_CONSUMER_SECRET instead of the command line (which other users can see).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { callbackUrls } from '../mpesa/create-gateway';
import { DARAJA_SANDBOX_URL, darajaGateway } from '../mpesa/daraja';

const USAGE =
  'Usage: npm run mpesa:register-c2b -- --shortcode 600100 --consumer-key KEY --consumer-secret SECRET [--base-url https://api.safaricom.co.ke]\n';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values } = parseArgs({
  options: {
    shortcode: { type: 'string' },
    'consumer-key': { type: 'string', default: process.env.MPESA_C2B_CONSUMER_KEY },
    'consumer-secret': { type: 'string', default: process.env.MPESA_C2B_CONSUMER_SECRET },
    'base-url': { type: 'string', default: process.env.MPESA_BASE_URL || DARAJA_SANDBOX_URL },
  },
});
const missing = ['shortcode', 'consumer-key', 'consumer-secret'].filter(
  (name) => !values[name as keyof typeof values],
);
if (missing.length) fail(`Missing --${missing.join(', --')}. ${USAGE}`, 2);
const shortCode = values.shortcode!.trim();
if (!/^\d{5,7}$/.test(shortCode)) fail(`--shortcode must be 5 to 7 digits, got "${shortCode}".`, 2);

const config = loadConfig();
let secret = config.mpesa.callbackSecret;
if (!secret) {
  try {
    secret = readFileSync(path.join(config.dataDir, 'mpesa-callback-secret'), 'utf8').trim();
  } catch {
    fail(
      `No callback secret: set MPESA_CALLBACK_SECRET as the server has it, or DATA_DIR to the server's (${config.dataDir} has none).`,
      2,
    );
  }
}
const urls = callbackUrls(config, secret);
if (/^http:\/\/(127\.|localhost)/.test(config.publicUrl)) {
  process.stderr.write(
    `Note: PUBLIC_URL is ${config.publicUrl}; Safaricom can reach only a public https address.\n`,
  );
}

// Registration needs only OAuth and the shortcode; the STK and B2C settings stay unused.
const unused = '';
const gateway = darajaGateway(
  {
    baseUrl: values['base-url']!,
    consumerKey: values['consumer-key']!,
    consumerSecret: values['consumer-secret']!,
    shortCode,
    passkey: unused,
    b2cShortCode: shortCode,
    initiatorName: unused,
    securityCredential: unused,
  },
  urls,
);
const shown = (url: string) => url.replace(secret, '…');
try {
  await gateway.registerC2bUrls!(shortCode);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 1);
}
process.stdout.write(
  `Registered the C2B URLs of paybill ${shortCode}:\n  confirmation ${shown(urls.c2bConfirmation)}\n  validation   ${shown(urls.c2bValidation)}\n`,
);
