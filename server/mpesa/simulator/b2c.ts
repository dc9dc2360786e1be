/**
 * The simulator's B2C payments (loans disbursed, refunds, withdrawals): the payment, its
 * result or queue timeout callback, and the transaction status query about it.
 */
import {
  MpesaError,
  type B2cRequest,
  type B2cStatusQuery,
  type CallbackUrls,
  type MpesaGateway,
} from '../port';
import {
  nairobiTimestamp,
  SIMULATOR_B2C_FAIL_NUMBER,
  SIMULATOR_B2C_LOST_NUMBER,
  SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER,
  SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER,
  token,
  type OwedCallback,
  type SimulatedB2c,
  type SimulatedStatus,
  type SimulatorStore,
} from './store';

export function simulatedB2c(
  store: SimulatorStore,
  options: { callbacks: () => CallbackUrls },
): Pick<MpesaGateway, 'b2c' | 'transactionStatus'> {
  const b2c = async (request: B2cRequest) => {
    const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
    const failed = request.phoneNumber === SIMULATOR_B2C_FAIL_NUMBER;
    const receipt = `S${token(9)}`;
    const lost = request.phoneNumber === SIMULATOR_B2C_LOST_NUMBER;
    const timesOut =
      request.phoneNumber === SIMULATOR_B2C_TIMEOUT_COMPLETED_NUMBER ||
      request.phoneNumber === SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER;
    const payment: SimulatedB2c = {
      receipt,
      amount: request.amount,
      completed: !failed && request.phoneNumber !== SIMULATOR_B2C_TIMEOUT_FAILED_NUMBER,
      phoneNumber: request.phoneNumber,
      ...(lost ? { lost } : {}),
    };
    const urls = options.callbacks();
    const reference = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: urls.b2cTimeout } };
    let callback: OwedCallback | null;
    if (lost) {
      callback = null;
    } else if (timesOut) {
      callback = {
        url: urls.b2cTimeout,
        body: {
          Result: {
            ResultType: 1,
            ResultCode: 'SFC_IC0003',
            ResultDesc: 'The request was not processed within the queue time.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
          },
        },
      };
    } else if (failed) {
      callback = {
        url: urls.b2cResult,
        body: {
          Result: {
            ResultType: 0,
            ResultCode: 1,
            ResultDesc: 'The balance is insufficient for the transaction.',
            OriginatorConversationID: request.originatorConversationId,
            ConversationID: conversationId,
            TransactionID: receipt,
            ReferenceData: reference,
          },
        },
      };
    } else {
      callback = {
        url: urls.b2cResult,
        body: {
          Result: {
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
            ReferenceData: reference,
          },
        },
      };
    }
    if (!(await store.owe('b2c', request.originatorConversationId, payment, callback))) {
      // As Daraja: a reused OriginatorConversationID is refused, so nothing is paid twice.
      throw new MpesaError(
        'M-Pesa (simulator) refused the B2C payment: Bad Request - Duplicate OriginatorConversationID (400.002.02).',
      );
    }
    return { conversationId, originatorConversationId: request.originatorConversationId };
  };

  const transactionStatus = async (query: B2cStatusQuery) => {
    const conversationId = `AG_${nairobiTimestamp().slice(0, 8)}_${token(20)}`;
    const found = await store.find<SimulatedB2c>('b2c', query.originatorConversationId);
    const payment = found && !found.lost ? found : undefined;
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
              {
                Key: 'TransactionStatus',
                Value: payment.completed ? 'Completed' : 'Failed',
              },
              { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
              { Key: 'Amount', Value: payment.amount },
              { Key: 'FinalisedTime', Value: Number(nairobiTimestamp()) },
              {
                Key: 'CreditPartyName',
                Value: `${payment.phoneNumber} - MKOPO CUSTOMER`,
              },
            ],
          },
        }
      : {
          ...common,
          ResultCode: 'R000002',
          ResultDesc: 'The OriginatorConversationID is invalid.',
        };
    const status: SimulatedStatus = { originatorConversationId: query.originatorConversationId };
    await store.owe('status', conversationId, status, {
      url: options.callbacks().b2cStatusResult,
      body: { Result },
    });
    return { conversationId };
  };

  return { b2c, transactionStatus };
}
