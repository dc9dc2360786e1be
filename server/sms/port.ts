/**
 * The SMS port (the README's "Money and M-Pesa"): what the notices ask of an SMS provider. Like the
 * M-Pesa port, it has a simulator (default) and a real adapter (Africa's Talking); delivery reports
 * arrive later on the callback route (server/modules/sms), whichever adapter sent.
 */

export type SmsRequest = {
  /** The borrower's own number, 2547XXXXXXXX or 2541XXXXXXXX (sent as +254…). */
  phoneNumber: string;
  message: string;
};

/** What the provider said about one message it was handed. */
export type SmsResult =
  | {
      accepted: true;
      /** The provider's id of the message; delivery reports name it. */
      providerMessageId: string;
      /** What the provider charged, e.g. { currency: 'KES', amount: '0.8000' }. */
      cost: { currency: string; amount: string } | null;
    }
  | { accepted: false; reason: string };

export type SmsGateway = {
  kind: 'simulator' | 'africastalking';
  send: (request: SmsRequest) => Promise<SmsResult>;
};

export class SmsError extends Error {
  /** True when the request may have reached the provider but no answer came. */
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: { outcomeUnknown?: boolean } = {}) {
    super(message);
    this.name = 'SmsError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** 2547XXXXXXXX → +2547XXXXXXXX: the international form providers expect. */
export function internationalNumber(phoneNumber: string): string {
  return phoneNumber.startsWith('+') ? phoneNumber : `+${phoneNumber}`;
}
