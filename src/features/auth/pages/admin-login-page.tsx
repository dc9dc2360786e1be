import { LoginForm } from '../components/login-form';

/** /login/admin (spec part 1 §2.4). */
export function AdminLoginPage() {
  return <LoginForm role="admin" />;
}
