/** Role lists of every protected route. */
import { adminRoles, type Role } from '../domain/roles';

const lender = ['lender'] as const satisfies readonly Role[];
const agent = ['agent'] as const satisfies readonly Role[];

export const routeRoles = {
  dashboard: ['admin', 'lender', 'agent', 'super_admin'],
  lenderOnly: lender,
  agentOnly: agent,
  admins: adminRoles,
  lenderAndAgent: ['lender', 'agent'],
  /** Who may have a second factor (agents never do). */
  withSecondFactor: ['lender', 'admin', 'super_admin'],
  staff: ['lender', 'admin', 'super_admin'],
  lenderAndAdmins: ['lender', ...adminRoles],
} as const satisfies Record<string, readonly Role[]>;
