import { LoginForm } from '../components/login-form';

/** /login/admin (the spec's "Login screens"). */
export function AdminLoginPage() {
  return <LoginForm role="admin" />;
}
