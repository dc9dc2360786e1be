/**
 * The simulator's STK push (Lipa na M-Pesa Online): the prompt on the payer's phone, its
 * callback, and the STK push query.
 */
import {
  MpesaError,
  type CallbackUrls,
  type MpesaGateway,
  type StkPushRequest,
  type StkStatusAnswer,
  type StkStatusQuery,
} from '../port';
import {
  nairobiTimestamp,
  SIMULATOR_STK_CANCEL_NUMBER,
  SIMULATOR_STK_LOST_PAID_NUMBER,
  SIMULATOR_STK_UNANSWERED_NUMBER,
  token,
  type SimulatedStk,
  type SimulatorStore,
} from './store';

export function simulatedStk(
  store: SimulatorStore,
  options: { callbacks: () => CallbackUrls; delayMs: number },
): Pick<MpesaGateway, 'stkPush' | 'stkStatus'> {
  const stkPush = async (request: StkPushRequest) => {
    const merchantRequestId = `${token(5)}-${token(8)}-1`;
    const checkoutRequestId = `ws_CO_${nairobiTimestamp()}${token(10)}`;
    const cancelled = request.phoneNumber === SIMULATOR_STK_CANCEL_NUMBER;
    const payment: SimulatedStk = {
      amount: request.amount,
      phoneNumber: request.phoneNumber,
      receipt: `S${token(9)}`,
      resultCode: cancelled ? 1032 : 0,
      resultDesc: cancelled
        ? 'Request cancelled by user'
        : 'The service request is processed successfully.',
      answersAt: Date.now() + options.delayMs,
      ...(request.phoneNumber === SIMULATOR_STK_UNANSWERED_NUMBER ? { unanswered: true } : {}),
    };
    const stkCallback = cancelled
      ? {
          MerchantRequestID: merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: payment.resultCode,
          ResultDesc: payment.resultDesc,
        }
      : {
          MerchantRequestID: merchantRequestId,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: payment.resultCode,
          ResultDesc: payment.resultDesc,
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: request.amount },
              { Name: 'MpesaReceiptNumber', Value: payment.receipt },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: Number(nairobiTimestamp()) },
              { Name: 'PhoneNumber', Value: Number(request.phoneNumber) },
            ],
          },
        };
    const callbackLost =
      payment.unanswered || request.phoneNumber === SIMULATOR_STK_LOST_PAID_NUMBER;
    await store.owe(
      'stk',
      checkoutRequestId,
      payment,
      callbackLost ? null : { url: options.callbacks().stk, body: { Body: { stkCallback } } },
    );
    return { merchantRequestId, checkoutRequestId };
  };

  const stkStatus = async (query: StkStatusQuery): Promise<StkStatusAnswer> => {
    const payment = await store.find<SimulatedStk>('stk', query.checkoutRequestId);
    if (!payment) {
      throw new MpesaError(
        'M-Pesa (simulator) refused the STK push query: Bad Request - Invalid CheckoutRequestID (400.002.02).',
      );
    }
    if (payment.unanswered || Date.now() < payment.answersAt) return { pending: true };
    return {
      pending: false,
      resultCode: String(payment.resultCode),
      resultDesc: payment.resultDesc,
    };
  };

  return { stkPush, stkStatus };
}
