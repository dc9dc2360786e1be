import { LoginForm } from '../components/login-form';

/** /login/lender (the spec's "Login screens"). */
export function LenderLoginPage() {
  return <LoginForm role="lender" />;
}
