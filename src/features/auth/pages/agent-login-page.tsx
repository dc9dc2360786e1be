import { LoginForm } from '../components/login-form';

/** /login/agent (the spec's "Login screens"). */
export function AgentLoginPage() {
  return <LoginForm role="agent" />;
}
