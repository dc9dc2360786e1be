import { LoginForm } from '../components/login-form';

/** /login/agent: the agents' sign-in screen. */
export function AgentLoginPage() {
  return <LoginForm role="agent" />;
}
