/** /dashboard/mpesa/inject, for lenders: add capital to the selected business by STK push. */
import { capitalText } from '../../../i18n/capital';
import { requestStkPush } from '../api/request-stk-push';
import { PaymentScreen } from '../components/payment-screen';

export function AddMoneyPage() {
  return <PaymentScreen texts={capitalText.addMoney} send={requestStkPush} />;
}
