import { LoginForm } from '../components/login-form';

/** /login/lender: the lenders' sign-in screen. */
export function LenderLoginPage() {
  return <LoginForm role="lender" />;
}
