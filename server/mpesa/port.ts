/**
 * The M-Pesa port (docs/architecture.md §6): what the money flows ask of M-Pesa. Results arrive
 * later on the callback routes (server/modules/mpesa), with the request and callback
 * shapes of Daraja's API reference, whichever adapter sent the request.
 */

export type StkPushRequest = {
  /** 2547XXXXXXXX / 2541XXXXXXXX */
  phoneNumber: string;
  /** Whole shillings. */
  amount: number;
  /** At most 12 characters (shown to the payer). */
  accountReference: string;
  description: string;
};

export type StkPushAccepted = { merchantRequestId: string; checkoutRequestId: string };

export type B2cRequest = {
  /** Our unique id for this payment; Safaricom refuses a reused one. */
  originatorConversationId: string;
  phoneNumber: string;
  /** Whole shillings, 10 to 250,000. */
  amount: number;
  remarks: string;
};

export type B2cAccepted = { conversationId: string; originatorConversationId: string };

/**
 * A transaction status query about a B2C payment whose result never came (Daraja's API reference):
 * asked by our OriginatorConversationID, which comes back as the result's Occasion.
 */
export type B2cStatusQuery = { originatorConversationId: string };

/** The query's own ConversationID; its result arrives on the b2cStatusResult callback. */
export type B2cStatusAccepted = { conversationId: string };

/** An STK push query (Daraja's API reference): how did the push of this CheckoutRequestID end? */
export type StkStatusQuery = { checkoutRequestId: string };

/**
 * Daraja answers an STK push query at once: the push's ResultCode ("0" paid, "1032"
 * cancelled, "1037" unreachable, …) once it has ended, or `pending` while the payer may
 * still answer the prompt.
 */
export type StkStatusAnswer =
  | { pending: true }
  | { pending: false; resultCode: string; resultDesc: string };

export type MpesaGateway = {
  kind: 'simulator' | 'daraja';
  stkPush: (request: StkPushRequest) => Promise<StkPushAccepted>;
  b2c: (request: B2cRequest) => Promise<B2cAccepted>;
  transactionStatus: (query: B2cStatusQuery) => Promise<B2cStatusAccepted>;
  stkStatus: (query: StkStatusQuery) => Promise<StkStatusAnswer>;
  /** Registers the C2B confirmation and validation URLs for a paybill (Daraja only). */
  registerC2bUrls?: (shortCode: string) => Promise<void>;
};

/** The callback URLs an adapter hands to Safaricom (or the simulator posts to). */
export type CallbackUrls = {
  stk: string;
  b2cResult: string;
  b2cTimeout: string;
  b2cStatusResult: string;
  b2cStatusTimeout: string;
  c2bValidation: string;
  c2bConfirmation: string;
};

export class MpesaError extends Error {
  /**
   * True when the request may have reached M-Pesa but no answer came (a timeout): the
   * payment may or may not happen, so nothing is reversed until a status query says.
   */
  readonly outcomeUnknown: boolean;
  /**
   * True only when the request certainly never left (refused before sending, no access
   * token, connection refused). A resent B2C that fails any other way may have been paid
   * by its first send, so only this proves nothing moved.
   */
  readonly notSent: boolean;

  constructor(message: string, options: { outcomeUnknown?: boolean; notSent?: boolean } = {}) {
    super(message);
    this.name = 'MpesaError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.notSent = options.notSent ?? false;
  }
}
