import { LoginForm } from '../components/login-form';

/** /login/agent (spec part 1 §2.4). */
export function AgentLoginPage() {
  return <LoginForm role="agent" />;
}
