/**
 * Tenancy (docs/architecture.md §3): a lender reaches only its own businesses, an agent only the
 * businesses it is assigned to, administrators all. A foreign id answers 404, so ids
 * cannot be probed.
 */
import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { agentsText } from '../../../src/i18n/agents';
import { setupText } from '../../../src/i18n/setup';
import type { Tx } from '../../db/client';
import { agentBusinesses, lenderBusinesses } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';

export type BusinessRow = typeof lenderBusinesses.$inferSelect;

export async function businessFor(
  tx: Tx,
  user: AuthUser,
  lenderBusinessId: number,
  options: { lenderOnly?: boolean; usable?: boolean } = {},
): Promise<BusinessRow> {
  // One round trip: the business, and for an agent whether it is assigned to it (the
  // check behind almost every read an agent makes).
  const [found] = await tx
    .select({
      business: lenderBusinesses,
      assigned: user.role === 'agent' ? agentBusinesses.agentId : sql<null>`null`,
    })
    .from(lenderBusinesses)
    .leftJoin(
      agentBusinesses,
      user.role === 'agent'
        ? and(
            eq(agentBusinesses.lenderBusinessId, lenderBusinesses.id),
            eq(agentBusinesses.agentId, user.id),
          )
        : sql`false`,
    )
    .where(eq(lenderBusinesses.id, lenderBusinessId))
    .limit(1);
  const business = found?.business;
  if (
    !business ||
    !mayReach(user, business, found.assigned !== null, options.lenderOnly ?? false)
  ) {
    throw notFound(setupText.businessNotFound);
  }
  if (options.usable && (business.status === 'rejected' || business.status === 'blocked')) {
    throw conflict(setupText.businessNotUsable);
  }
  return business;
}

/**
 * The per-agent figures (an agent's loans, stats, borrowers): an agent reads only its own;
 * its lender and administrators any agent's of a business they reach.
 */
export function onlyOwnWorkOfAgent(user: AuthUser, agentId: number): void {
  if (user.role === 'agent' && user.id !== agentId) throw notFound(agentsText.notFound);
}

/**
 * businessFor's rule as a condition on a business id column, for a write that reaches its
 * record and checks tenancy in the same statement (not lenderOnly; a missing business is
 * not reached).
 */
export function reachableBusiness(tx: Tx, user: AuthUser, businessId: AnyPgColumn): SQL {
  if (user.role === 'lender') {
    return exists(
      tx
        .select({ id: lenderBusinesses.id })
        .from(lenderBusinesses)
        .where(and(eq(lenderBusinesses.id, businessId), eq(lenderBusinesses.lenderId, user.id))),
    );
  }
  if (user.role === 'admin' || user.role === 'super_admin') {
    return exists(
      tx
        .select({ id: lenderBusinesses.id })
        .from(lenderBusinesses)
        .where(eq(lenderBusinesses.id, businessId)),
    );
  }
  if (user.role !== 'agent') return sql`false`;
  return exists(
    tx
      .select({ agentId: agentBusinesses.agentId })
      .from(agentBusinesses)
      .where(
        and(eq(agentBusinesses.agentId, user.id), eq(agentBusinesses.lenderBusinessId, businessId)),
      ),
  );
}

function mayReach(user: AuthUser, business: BusinessRow, assigned: boolean, lenderOnly: boolean) {
  if (user.role === 'lender') return business.lenderId === user.id;
  if (lenderOnly) return false;
  if (user.role === 'admin' || user.role === 'super_admin') return true;
  return user.role === 'agent' && assigned;
}
