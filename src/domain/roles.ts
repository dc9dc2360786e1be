/** Roles and account statuses, spelt as the API stores and sends them (docs/architecture.md §5). */

export const roles = ['lender', 'agent', 'admin', 'super_admin'] as const;
export type Role = (typeof roles)[number];

export const adminRoles = ['admin', 'super_admin'] as const satisfies readonly Role[];

/** The path segment of POST /auth/{loginRole}/login; super_admin signs in as admin. */
export const loginRoles = ['lender', 'agent', 'admin'] as const;
export type LoginRole = (typeof loginRoles)[number];

export function isLoginRole(value: string): value is LoginRole {
  return (loginRoles as readonly string[]).includes(value);
}

export function rolesForLogin(loginRole: LoginRole): readonly Role[] {
  return loginRole === 'admin' ? adminRoles : [loginRole];
}

/** Lender statuses are capitalised as the API sends them; the client also knows Approved. */
export const lenderStatuses = [
  'New',
  'Pending',
  'Active',
  'Rejected',
  'Blocked',
  'Suspended',
] as const;
export type LenderStatus = (typeof lenderStatuses)[number];

/** The lenders the admin dashboard counts, in the order its cards show them. */
export const countedLenderStatuses = [
  'New',
  'Active',
  'Pending',
  'Rejected',
  'Blocked',
] as const satisfies readonly LenderStatus[];

export const agentStatuses = ['new', 'active', 'suspended', 'blocked'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/**
 * An administrator: active, or deactivated by the super admin (cannot sign in, sessions
 * ended). An administrator the super admin has just added is active; it signs in once it has
 * set its password from the emailed link.
 */
export const adminStatuses = ['active', 'deactivated'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

export type UserStatus = LenderStatus | AgentStatus | AdminStatus;

/** A lender business: new until an admin approves it, then active, rejected or blocked. */
export const businessStatuses = ['new', 'active', 'rejected', 'blocked'] as const;
export type BusinessStatus = (typeof businessStatuses)[number];

/** Businesses no person can be placed in and no loan given by: the server refuses them. */
export const unusableBusinessStatuses = [
  'rejected',
  'blocked',
] as const satisfies readonly BusinessStatus[];

/** A borrower; only an active one gets new loans. */
export const borrowerStatuses = ['active', 'suspended', 'flagged', 'blocked'] as const;
export const borrowerGenders = ['male', 'female', 'other'] as const;

/** A business type is for an individual lender or a business. */
export const businessKinds = ['individual', 'business'] as const;
