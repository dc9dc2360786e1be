/**
 * The M-Pesa simulator (DESIGN.md §6): accepts STK pushes and B2C payments like Daraja
 * and, after MPESA_SIM_DELAY_MS, POSTs Daraja-shaped callbacks (MPESA.md) to the
 * server's own callback routes, so the real callback path always runs. Documented
 * failure numbers: 254700000001 cancels an STK push (1032), 254700000002 fails a B2C
 * payment (1, insufficient funds); 254700000003 and 254700000004 time a B2C out (the
 * result goes to QueueTimeOutURL) and a transaction status query then finds it completed
 * (…003) or failed (…004). Every other valid Kenyan number succeeds.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  B2cRequest,
  B2cStatusQuery,
  CallbackUrls,
  MpesaGateway,
  StkPushRequest,
} from './port';

export const SIMULATOR_STK_CANCEL_NUMBER = '254700000001';
export const SIMULATOR_B2C_FAIL_NUMBER = '254700000002';
export const SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER = '254700000003';
export const SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER = '254700000004';

/** How many B2C payments the simulator remembers for status queries. */
const REMEMBERED_PAYMENTS = 10_000;
type Payment = { receipt: string; amount: number; completed: boolean; phoneNumber: string };

const token = (length: number) =>
  randomBytes(length).toString('hex').toUpperCase().slice(0, length);

/** yyyyMMddHHmmss in Nairobi time (UTC+3, no daylight saving). */
export function nairobiTimestamp(at: Date = new Date()): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export type SimulatorGateway = MpesaGateway & { close: () => void };

export function simulatorGateway(options: {
  callbacks: () => CallbackUrls;
  delayMs: number;
  log: FastifyBaseLogger;
}): SimulatorGateway {
  const timers = new Set<NodeJS.Timeout>();
  const later = (url: string, body: unknown) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
        .then((response) => {
          if (!response.ok)
            options.log.warn(
              { url: 'callback', status: response.status },
              'simulated M-Pesa callback refused',
            );
        })
        .catch((error: unknown) =>
          options.log.warn({ err: error }, 'simulated M-Pesa callback failed'),
        );
    }, options.delayMs);
    timers.add(timer);
  };

  const payments = new Map<string, Payment>();
  const remember = (originatorConversationId: string, payment: Payment) => {
    payments.set(originatorConversationId, payment);
    if (payments.size > REMEMBERED_PAYMENTS) {
      const oldest = payments.keys().next().value;
      if (oldest !== undefined) payments.delete(oldest);
    }
  };

  return {
    kind: 'simulator',
    stkPush: async (request: StkPushRequest) => {
      const merchantRequestId = `${token(5)}-${token(8)}-1`;
      const checkoutRequestId = `ws_CO_${nairobiTimestamp()}${token(10)}`;
      const cancelled = request.phoneNumber === SIMULATOR_STK_CANCEL_NUMBER;
      const stkCallback = cancelled
        ? {
            MerchantRequestID: merchantRequestId,
            CheckoutRequestID: checkoutRequestId,
            ResultCode: 1032,
            ResultDesc: 'Request cancelled by user',
          }
        : {
            MerchantRequestID: merchantRequestId,
            CheckoutRequestID: checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: request.amount },
                { Name: 'MpesaReceiptNumber', Value: `S${token(9)}` },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: Number(nairobiTimestamp()) },
                { Name: 'PhoneNumber', Value: Number(request.phoneNumber) },
              ],
            },
          };
      later(options.callbacks().stk, { Body: { stkCallback } });
      return { merchantRequestId, checkoutRequestId };
    },
    b2c: async (request: B2cRequest) => {
      const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
      const failed = request.phoneNumber === SIMULATOR_B2C_FAIL_NUMBER;
      const receipt = `S${token(9)}`;
      const timesOut =
        request.phoneNumber === SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER ||
        request.phoneNumber === SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER;
      remember(request.originatorConversationId, {
        receipt,
        amount: request.amount,
        completed: !failed && request.phoneNumber !== SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER,
        phoneNumber: request.phoneNumber,
      });
      if (timesOut) {
        later(options.callbacks().b2cTimeout, {
          Result: {
            ResultType: 1,
            ResultCode: 'SFC_IC0003',
            ResultDesc: 'The request was not processed within the queue time.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
          },
        });
        return { conversationId, originatorConversationId: request.originatorConversationId };
      }
      const Result = failed
        ? {
            ResultType: 0,
            ResultCode: 1,
            ResultDesc: 'The balance is insufficient for the transaction.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
            TransactionID: receipt,
            ReferenceData: {
              ReferenceItem: { Key: 'QueueTimeoutURL', Value: options.callbacks().b2cTimeout },
            },
          }
        : {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
            TransactionID: receipt,
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: request.amount },
                { Key: 'TransactionReceipt', Value: receipt },
                {
                  Key: 'ReceiverPartyPublicName',
                  Value: `${request.phoneNumber} - MKOPO CUSTOMER`,
                },
                {
                  Key: 'TransactionCompletedDateTime',
                  Value: new Date()
                    .toLocaleString('en-GB', { timeZone: 'Africa/Nairobi' })
                    .replace(',', '')
                    .replace(/\//g, '.'),
                },
                { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
                { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
              ],
            },
            ReferenceData: {
              ReferenceItem: { Key: 'QueueTimeoutURL', Value: options.callbacks().b2cTimeout },
            },
          };
      later(options.callbacks().b2cResult, { Result });
      return { conversationId, originatorConversationId: request.originatorConversationId };
    },
    transactionStatus: async (query: B2cStatusQuery) => {
      const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
      const payment = payments.get(query.originatorConversationId);
      const common = {
        ResultType: 0,
        OriginatorConversationID: `${token(5)}-${token(8)}-1`,
        ConversationID: conversationId,
        ReferenceData: {
          ReferenceItem: { Key: 'Occasion', Value: query.originatorConversationId },
        },
      };
      const Result = payment
        ? {
            ...common,
            ResultCode: 0,
            ResultDesc: 'The service request has been accepted successfully.',
            TransactionID: payment.receipt,
            ResultParameters: {
              ResultParameter: [
                { Key: 'ReceiptNo', Value: payment.receipt },
                { Key: 'TransactionStatus', Value: payment.completed ? 'Completed' : 'Failed' },
                { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
                { Key: 'Amount', Value: payment.amount },
                { Key: 'FinalisedTime', Value: Number(nairobiTimestamp()) },
                { Key: 'CreditPartyName', Value: `${payment.phoneNumber} - MKOPO CUSTOMER` },
              ],
            },
          }
        : {
            ...common,
            ResultCode: 'R000002',
            ResultDesc: 'The OriginatorConversationID is invalid.',
          };
      later(options.callbacks().b2cStatusResult, { Result });
      return { conversationId };
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
