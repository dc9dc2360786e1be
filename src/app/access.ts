/**
 * Who may see a protected route, as a pure function so every
 * rule is unit-tested: no user → "/", a role outside the list → /unauthorized, and for
 * lenders with a status the status redirects.
 */
import type { SessionUser } from '../lib/session-token';
import { paths } from '../lib/paths';

export type AccessDecision =
  | { allow: true }
  | { allow: false; redirectTo: string; remember?: boolean };

export function decideAccess(
  user: SessionUser | null,
  allowedRoles: readonly string[],
  pathname: string,
): AccessDecision {
  if (!user) return { allow: false, redirectTo: paths.home, remember: true };
  if (!allowedRoles.includes(user.role)) return { allow: false, redirectTo: paths.unauthorized };
  if (user.role !== 'lender' || !user.status) return { allow: true };
  return lenderStatusDecision(user.status, pathname);
}

function lenderStatusDecision(status: string, pathname: string): AccessDecision {
  switch (status) {
    case 'Active':
      return { allow: true };
    case 'Rejected':
      return { allow: false, redirectTo: paths.lenderRejected };
    case 'New':
      return pathname === paths.lenderUpdateProfile
        ? { allow: true }
        : { allow: false, redirectTo: paths.lenderUpdateProfile };
    case 'Pending':
      return pathname === paths.lenderApprovalPending
        ? { allow: true }
        : { allow: false, redirectTo: paths.lenderApprovalPending };
    default:
      // Blocked, and anything unknown (Approved and Suspended included).
      return { allow: false, redirectTo: paths.unauthorized };
  }
}

/** Where a signed-in visitor of a public auth screen is sent. */
export const signedInRedirects = {
  [paths.lenderLogin]: paths.businessSelector,
  [paths.lenderRegister]: paths.dashboard.root,
  [paths.agentLogin]: paths.agentBusinessSelector,
  [paths.adminLogin]: paths.dashboard.root,
  [paths.forgotPassword]: paths.dashboard.root,
  [paths.resetPassword]: paths.dashboard.root,
} as const satisfies Record<string, string>;
