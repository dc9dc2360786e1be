import { LoginForm } from '../components/login-form';

/** /login/admin: the administrators' sign-in screen. */
export function AdminLoginPage() {
  return <LoginForm role="admin" />;
}
