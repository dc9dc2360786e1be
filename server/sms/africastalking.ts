/**
 * The Africa's Talking adapter of the SMS port (SMS_MODE=africastalking):
 * POST {AT_BASE_URL}/version1/messaging, form-encoded username, to (+2547…), message and
 * the optional sender id (from), with the apiKey header. The answer's
 * SMSMessageData.Recipients[] says per number whether it was sent (statusCode 101), the
 * message id that delivery reports name, and the cost ("KES 0.8000").
 */
import { ConfigError } from '../config-error';
import { internationalNumber, SmsError, type SmsGateway, type SmsResult } from './port';

export type AfricasTalkingSettings = {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered sender id (alphanumeric or shortcode); unset: AT's default. */
  senderId: string | undefined;
};

export type AfricasTalkingOptions = {
  fetch?: typeof fetch;
  /** How long one request may take; 30 s unless a test shortens it. */
  timeoutMs?: number;
};

export const AFRICASTALKING_URL = 'https://api.africastalking.com';
export const MESSAGING_PATH = '/version1/messaging';
/** Africa's Talking's recipient statusCode for a message it accepted and sent on. */
const SENT = 101;
const DEFAULT_TIMEOUT_MS = 30_000;

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function parseAfricasTalkingSettings(env: Env): AfricasTalkingSettings {
  const rawBase = read(env, 'AT_BASE_URL') ?? AFRICASTALKING_URL;
  let base: URL;
  try {
    base = new URL(rawBase);
  } catch {
    throw new ConfigError('AT_BASE_URL', `must be a URL, got "${rawBase}"`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new ConfigError('AT_BASE_URL', 'must start with https:// or http://');
  }
  const required = (name: string) => {
    const value = read(env, name);
    if (!value) throw new ConfigError(name, 'is required when SMS_MODE=africastalking');
    return value;
  };
  const senderId = read(env, 'AT_SENDER_ID');
  if (senderId !== undefined && !/^[A-Za-z0-9 _-]{1,11}$/.test(senderId)) {
    throw new ConfigError('AT_SENDER_ID', 'must be at most 11 letters, digits, spaces, - or _');
  }
  return {
    baseUrl: rawBase.replace(/\/+$/, ''),
    username: required('AT_USERNAME'),
    apiKey: required('AT_API_KEY'),
    senderId,
  };
}

/** "KES 0.8000" → { currency: 'KES', amount: '0.8000' }; anything else → null. */
export function parseCost(value: unknown): { currency: string; amount: string } | null {
  if (typeof value !== 'string') return null;
  const match = /^([A-Z]{3})\s+(\d+(?:\.\d+)?)$/.exec(value.trim());
  return match ? { currency: match[1]!, amount: match[2]! } : null;
}

export function africasTalkingGateway(
  settings: AfricasTalkingSettings,
  options: AfricasTalkingOptions = {},
): SmsGateway {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    kind: 'africastalking',
    send: async ({ phoneNumber, message }): Promise<SmsResult> => {
      const to = internationalNumber(phoneNumber);
      const form = new URLSearchParams({ username: settings.username, to, message });
      if (settings.senderId) form.set('from', settings.senderId);
      let response: Response;
      let raw: string;
      try {
        response = await fetchImpl(`${settings.baseUrl}${MESSAGING_PATH}`, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const refused = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(
          String((error as { cause?: { code?: unknown } }).cause?.code ?? ''),
        );
        throw new SmsError(`Could not reach Africa's Talking: ${reason}.`, {
          outcomeUnknown: !refused,
        });
      }
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      if (!response.ok) {
        return {
          accepted: false,
          reason: `Africa's Talking refused the message: HTTP ${response.status}${raw ? ` ${raw.slice(0, 200)}` : ''}.`,
        };
      }
      const data = (body as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } })
        ?.SMSMessageData;
      const recipients = Array.isArray(data?.Recipients)
        ? (data.Recipients as Record<string, unknown>[])
        : [];
      const recipient = recipients.find((r) => r.number === to) ?? recipients[0];
      if (!recipient) {
        return {
          accepted: false,
          reason: `Africa's Talking sent it to no one: ${typeof data?.Message === 'string' ? data.Message : 'no recipients in the answer'}.`,
        };
      }
      if (Number(recipient.statusCode) !== SENT || typeof recipient.messageId !== 'string') {
        return {
          accepted: false,
          reason: `Africa's Talking did not send it: ${String(recipient.status ?? 'unknown')} (${String(recipient.statusCode ?? '?')}).`,
        };
      }
      return {
        accepted: true,
        providerMessageId: recipient.messageId,
        cost: parseCost(recipient.cost),
      };
    },
  };
}
