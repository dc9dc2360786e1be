/** /dashboard/mpesa/inject, for lenders: add capital to the selected business by STK push. */
import { paymentsText } from '../../../i18n/money';
import { requestStkPush } from '../api/request-stk-push';
import { PaymentScreen } from '../components/payment-screen';

export function AddMoneyPage() {
  return <PaymentScreen texts={paymentsText.addMoney} send={requestStkPush} />;
}
