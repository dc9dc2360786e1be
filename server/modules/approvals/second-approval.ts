/**
 * What an act done on a second administrator's approval adds to its audit entry: both
 * names. Apart from service.ts so the acts can use it without importing the approvals.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ApprovalSubject, WaitingApproval } from '../../../src/domain/approvals';
import type { Tx } from '../../db/client';
import { adminApprovals, users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';

/** The approval an act runs under: its id and who proposed it. */
export type SecondApproval = { approvalId: number; proposedBy: string | null };

export function secondApprovalDetails(
  actor: AuthUser,
  approval: SecondApproval | undefined,
): Record<string, unknown> {
  if (!approval) return {};
  return {
    approvalId: approval.approvalId,
    proposedBy: approval.proposedBy,
    approvedBy: actor.email,
  };
}

/** The acts waiting for a second administrator on these rows, by the row's id. */
export async function waitingApprovalsOf(
  tx: Tx,
  subjectType: ApprovalSubject,
  subjectIds: number[],
): Promise<Map<number, NonNullable<WaitingApproval>>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: adminApprovals.id,
      subjectId: adminApprovals.subjectId,
      action: adminApprovals.action,
      proposedBy: users.email,
    })
    .from(adminApprovals)
    .leftJoin(users, eq(users.id, adminApprovals.proposedByUserId))
    .where(
      and(
        eq(adminApprovals.status, 'pending'),
        eq(adminApprovals.subjectType, subjectType),
        inArray(adminApprovals.subjectId, subjectIds),
      ),
    );
  return new Map(rows.map(({ subjectId, ...waiting }) => [subjectId, waiting] as const));
}
