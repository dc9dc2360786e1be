/** The account type a reset link or login screen is for, read from `?type=` (default lender). */
import { paths } from '../../../lib/paths';
import { isLoginRole, type LoginRole } from '../../../domain/roles';

export function loginRoleOf(type: string | null): LoginRole {
  return type && isLoginRole(type) ? type : 'lender';
}

export function loginPathOf(role: LoginRole): string {
  if (role === 'agent') return paths.agentLogin;
  if (role === 'admin') return paths.adminLogin;
  return paths.lenderLogin;
}
