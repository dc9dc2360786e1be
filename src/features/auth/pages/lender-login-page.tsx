import { LoginForm } from '../components/login-form';

/** /login/lender (spec part 1 §2.4). */
export function LenderLoginPage() {
  return <LoginForm role="lender" />;
}
