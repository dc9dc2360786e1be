/** /dashboard/mpesa/withdrawal, for lenders: send capital of the selected business to M-Pesa (B2C). */
import { capitalText } from '../../../i18n/capital';
import { requestWithdraw } from '../api/request-withdraw';
import { PaymentScreen } from '../components/payment-screen';

export function WithdrawMoneyPage() {
  return <PaymentScreen texts={capitalText.withdraw} send={requestWithdraw} />;
}
