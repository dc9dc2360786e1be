/** /dashboard/mpesa/withdrawal, for lenders: send capital of the selected business to M-Pesa (B2C). */
import { paymentsText } from '../../../i18n/money';
import { requestWithdraw } from '../api/request-withdraw';
import { PaymentScreen } from '../components/payment-screen';

export function WithdrawMoneyPage() {
  return <PaymentScreen texts={paymentsText.withdraw} send={requestWithdraw} />;
}
