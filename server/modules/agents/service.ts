/** Agents: invitation, assignment to businesses and areas, suspension. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Agent, agentOwnProfileSchema, agentSchema } from '../../../src/domain/agents';
import { agentStatuses, type AgentStatus } from '../../../src/domain/roles';
import { agentsText } from '../../../src/i18n/agents';
import type { Db, Tx } from '../../db/client';
import {
  agentBusinesses,
  agents,
  lenderBusinessAreas,
  lenderBusinesses,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Mailer } from '../../mail/mailer';
import { issueResetLink } from '../auth/service';
import { endUserSessions } from '../auth/sessions';
import { createdOrConflict } from '../business-records/service';

type AgentOutput = v.InferOutput<typeof agentSchema>;

/** An agent as the API answers it, before the serialiser writes its timestamp. */
export type AgentView = Omit<Agent, 'createdAt'> & { createdAt: Date };

export async function findAgents(tx: Tx, where: SQL | undefined): Promise<AgentView[]> {
  const rows = await tx
    .select({ agent: agents, email: users.email, status: users.status })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.id))
    .where(where)
    .orderBy(asc(agents.firstName), asc(agents.lastName));
  const ids = rows.map((row) => row.agent.id);
  const links = ids.length
    ? await tx
        .select({
          agentId: agentBusinesses.agentId,
          business: {
            id: lenderBusinesses.id,
            businessName: lenderBusinesses.businessName,
            lenderBusinessCode: lenderBusinesses.lenderBusinessCode,
            status: lenderBusinesses.status,
          },
          area: { id: lenderBusinessAreas.id, name: lenderBusinessAreas.name },
        })
        .from(agentBusinesses)
        .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, agentBusinesses.lenderBusinessId))
        .leftJoin(
          lenderBusinessAreas,
          eq(lenderBusinessAreas.id, agentBusinesses.lenderBusinessAreaId),
        )
        .where(inArray(agentBusinesses.agentId, ids))
        .orderBy(asc(agentBusinesses.createdAt))
    : [];
  return rows.map(({ agent, email, status }) => {
    const mine = links.filter((link) => link.agentId === agent.id);
    const areas = mine.flatMap((link) =>
      link.area?.id
        ? [{ id: link.area.id, name: link.area.name, lenderBusinessId: link.business.id }]
        : [],
    );
    return {
      id: agent.id,
      firstName: agent.firstName,
      lastName: agent.lastName,
      idNumber: agent.idNumber,
      email,
      phoneNumber: agent.phoneNumber,
      // An agent's account is in one of the agent statuses (users.status is shared text).
      status: status as AgentStatus,
      lenderId: agent.lenderId,
      createdAt: agent.createdAt,
      lenderBusinessId: mine[0]?.business.id ?? null,
      lenderBusinesses: mine.map((link) => link.business),
      lenderBusinessArea: areas[0] ? { id: areas[0].id, name: areas[0].name } : null,
      lenderBusinessAreas: areas,
    };
  });
}

export async function agentOfLender(tx: Tx, lenderId: number, agentId: number) {
  const [agent] = await tx
    .select({ id: agents.id, status: users.status, email: users.email })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.id))
    .where(and(eq(agents.id, agentId), eq(agents.lenderId, lenderId)));
  if (!agent) throw notFound(agentsText.notFound);
  return agent;
}

async function assertAreaOf(tx: Tx, lenderBusinessId: number, areaId: number) {
  const [area] = await tx
    .select({ id: lenderBusinessAreas.id })
    .from(lenderBusinessAreas)
    .where(
      and(
        eq(lenderBusinessAreas.id, areaId),
        eq(lenderBusinessAreas.lenderBusinessId, lenderBusinessId),
      ),
    );
  if (!area) throw badRequest(agentsText.areaNotInBusiness);
}

/** Creates the invited agent's account and answers the set-password link to mail it. */
export async function inviteAgent(
  db: Tx,
  options: { lenderId: number; input: AgentOutput; publicUrl: string },
): Promise<{ agentId: number; link: string }> {
  const { input } = options;
  return db.transaction(async (tx) => {
    await assertAreaOf(tx, input.lenderBusinessId, input.lenderBusinessAreaId);
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, role: 'agent', status: 'new' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) throw conflict(agentsText.emailTaken);
    await tx.insert(agents).values({
      id: user.id,
      lenderId: options.lenderId,
      firstName: input.firstName,
      lastName: input.lastName,
      idNumber: input.idNumber,
      phoneNumber: input.phoneNumber,
    });
    await tx.insert(agentBusinesses).values({
      agentId: user.id,
      lenderBusinessId: input.lenderBusinessId,
      lenderBusinessAreaId: input.lenderBusinessAreaId,
    });
    const link = await issueResetLink(tx, {
      userId: user.id,
      purpose: 'invite',
      type: 'agent',
      publicUrl: options.publicUrl,
    });
    return { agentId: user.id, link };
  });
}

/** The invitation mail, sent once the agent's account is committed. */
export async function mailInvitation(
  mailer: Mailer,
  invitation: { email: string; firstName: string; link: string },
): Promise<void> {
  await mailer.send({
    to: invitation.email,
    subject: 'You have been invited to Mkopo',
    text: `Hello ${invitation.firstName},\n\nYou have been registered as a field agent on Mkopo. Open this link within one hour to choose your password:\n\n${invitation.link}\n\nYour lender can send a new link if it expires.`,
    link: invitation.link,
  });
}

export async function updateAgent(
  db: Tx,
  lenderId: number,
  agentId: number,
  input: AgentOutput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const agent = await agentOfLender(tx, lenderId, agentId);
    await assertAreaOf(tx, input.lenderBusinessId, input.lenderBusinessAreaId);
    if (input.email !== agent.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email));
      if (taken) throw conflict(agentsText.emailTaken);
      await tx
        .update(users)
        .set({ email: input.email, updatedAt: new Date() })
        .where(eq(users.id, agentId));
    }
    await tx
      .update(agents)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        idNumber: input.idNumber,
        phoneNumber: input.phoneNumber,
        updatedAt: new Date(),
      })
      .where(eq(agents.id, agentId));
    await tx
      .insert(agentBusinesses)
      .values({
        agentId,
        lenderBusinessId: input.lenderBusinessId,
        lenderBusinessAreaId: input.lenderBusinessAreaId,
      })
      .onConflictDoUpdate({
        target: [agentBusinesses.agentId, agentBusinesses.lenderBusinessId],
        set: { lenderBusinessAreaId: input.lenderBusinessAreaId },
      });
  });
}

/** An agent's own name and phone number; what else it is stays with its lender. */
export async function updateOwnProfile(
  tx: Tx,
  agentId: number,
  input: v.InferOutput<typeof agentOwnProfileSchema>,
): Promise<void> {
  const [updated] = await tx
    .update(agents)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      updatedAt: new Date(),
    })
    .where(eq(agents.id, agentId))
    .returning({ id: agents.id });
  if (!updated) throw notFound(agentsText.notFound);
}

/**
 * Puts one of the lender's agents in one of its businesses: instead of the others it works
 * for (`only`, a move), or beside them (an addition; 409 when it already works there).
 */
export async function placeAgent(
  db: Tx,
  lenderId: number,
  agentId: number,
  lenderBusinessId: number,
  only: boolean,
) {
  await db.transaction(async (tx) => {
    await agentOfLender(tx, lenderId, agentId);
    if (only) await tx.delete(agentBusinesses).where(eq(agentBusinesses.agentId, agentId));
    const insert = tx
      .insert(agentBusinesses)
      .values({ agentId, lenderBusinessId })
      .onConflictDoNothing()
      .returning({ agentId: agentBusinesses.agentId });
    await createdOrConflict(insert, agentsText.alreadyInBusiness);
  });
}

export async function setAgentSuspended(
  db: Tx,
  lenderId: number,
  agentId: number,
  suspended: boolean,
) {
  await db.transaction(async (tx) => {
    const agent = await agentOfLender(tx, lenderId, agentId);
    if (suspended && agent.status !== 'active')
      throw conflict(agentsText.cannotSuspend(agent.status));
    if (!suspended && agent.status !== 'suspended')
      throw conflict(agentsText.cannotActivate(agent.status));
    await tx
      .update(users)
      .set({ status: suspended ? 'suspended' : 'active', updatedAt: new Date() })
      .where(eq(users.id, agentId));
    if (suspended) await endUserSessions(tx, agentId, 'suspended');
  });
}

/** Agent totals per status, of one business or of the whole platform. */
export async function agentCounts(tx: Tx, lenderBusinessId?: number) {
  const rows = await tx
    .select({ status: users.status, count: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(agents, eq(agents.id, users.id))
    .leftJoin(agentBusinesses, eq(agentBusinesses.agentId, agents.id))
    .where(
      lenderBusinessId === undefined
        ? eq(users.role, 'agent')
        : eq(agentBusinesses.lenderBusinessId, lenderBusinessId),
    )
    .groupBy(users.status);
  const agentStatsCounts = Object.fromEntries(agentStatuses.map((s) => [s, 0])) as Record<
    AgentStatus,
    number
  >;
  for (const row of rows) agentStatsCounts[row.status as AgentStatus] = row.count;
  return { totalCount: rows.reduce((sum, row) => sum + row.count, 0), agentStatsCounts };
}

/** One agent as the API answers it. */
export async function agentById(tx: Tx, agentId: number): Promise<AgentView | undefined> {
  const [agent] = await findAgents(tx, eq(agents.id, agentId));
  return agent;
}

/** The agents working for a business. */
export function agentsOfBusiness(db: Db, lenderBusinessId: number) {
  const ids = db
    .select({ id: agentBusinesses.agentId })
    .from(agentBusinesses)
    .where(eq(agentBusinesses.lenderBusinessId, lenderBusinessId));
  return findAgents(db, inArray(agents.id, ids));
}

/** Every agent of a lender. */
export function agentsOfLender(db: Db, lenderId: number) {
  return findAgents(db, eq(agents.lenderId, lenderId));
}
