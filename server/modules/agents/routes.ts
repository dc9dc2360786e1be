/** Agents (the spec's "The calls it makes"): lenders invite and manage them; agents read and update their own profile. */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { agentOwnProfileSchema, agentSchema } from '../../../src/domain/agents';
import { idField } from '../../../src/domain/lender-profile';
import { adminRoles } from '../../../src/domain/roles';
import { agentsText } from '../../../src/i18n/agents';
import { agentBusinesses, agents, lenderBusinesses } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import { findBusinesses } from '../lenders/queries';
import type { Deps } from '../deps';
import * as service from './service';

const businessBody = (field: string) =>
  schemaOf(v.object({ [field]: idField(agentsText.businessRequired) }));
type AgentBody = v.InferOutput<typeof agentSchema>;
type OwnProfileBody = v.InferOutput<typeof agentOwnProfileSchema>;

export async function agentRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const lender = app.requireRole('lender');
  const idParams = idParamsSchema('id');

  app.get(
    '/agent/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: { tags: ['agents'], summary: 'Agent totals per status' },
    },
    async () => service.agentCounts(db),
  );

  app.post<{ Body: AgentBody }>(
    '/agent/register',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Invite an agent: creates its account (status new) and mails a set-password link',
        body: schemaOf(agentSchema),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, async (tx) => {
        await businessFor(tx, user, request.body.lenderBusinessId, {
          lenderOnly: true,
          usable: true,
        });
        const invited = await service.inviteAgent(tx, {
          lenderId: user.id,
          input: request.body,
          publicUrl: deps.config.publicUrl,
        });
        const [data] = await service.findAgents(tx, eq(agents.id, invited.agentId));
        return { status: 201, body: { message: agentsText.created, data }, value: invited };
      });
      if (outcome.value) {
        await service.mailInvitation(deps.mailer, {
          email: request.body.email,
          firstName: request.body.firstName,
          link: outcome.value.link,
        });
      }
      return outcome.send(reply);
    },
  );

  app.patch<{ Params: { id: number }; Body: AgentBody }>(
    '/agent/update/:id',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Edit an agent',
        params: idParams,
        body: schemaOf(agentSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const user = currentUser(request);
        await businessFor(tx, user, request.body.lenderBusinessId, { lenderOnly: true });
        await service.updateAgent(tx, user.id, request.params.id, request.body);
        const [data] = await service.findAgents(tx, eq(agents.id, request.params.id));
        return { body: { message: agentsText.updated, data } };
      }),
  );

  app.patch<{ Params: { id: number }; Body: { newLenderBusinessId: number } }>(
    '/agent/reassign-to-new-lender-business/:id/reassign',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Move an agent to another of my businesses',
        params: idParams,
        body: businessBody('newLenderBusinessId'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const user = currentUser(request);
        await businessFor(tx, user, request.body.newLenderBusinessId, { lenderOnly: true });
        await service.reassignAgent(
          tx,
          user.id,
          request.params.id,
          request.body.newLenderBusinessId,
        );
        return { body: { message: agentsText.reassigned } };
      }),
  );

  app.post<{ Params: { id: number }; Body: { lenderBusinessId: number } }>(
    '/agent/add-lender-business/:id/add-business',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Let an agent also work for another of my businesses',
        params: idParams,
        body: businessBody('lenderBusinessId'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const user = currentUser(request);
        await businessFor(tx, user, request.body.lenderBusinessId, { lenderOnly: true });
        await service.addAgentBusiness(
          tx,
          user.id,
          request.params.id,
          request.body.lenderBusinessId,
        );
        return { body: { message: agentsText.businessAdded } };
      }),
  );

  for (const [action, suspended] of [
    ['suspend', true],
    ['activate', false],
  ] as const) {
    app.patch<{ Params: { id: number } }>(
      `/agent/:id/${action}`,
      {
        onRequest: lender,
        schema: {
          tags: ['agents'],
          summary: suspended
            ? 'Suspend an agent: it cannot sign in or use its token'
            : 'Reactivate a suspended agent',
          params: idParams,
        },
      },
      async (request, reply) =>
        respondOnce(db, request, reply, async (tx) => {
          await service.setAgentSuspended(
            tx,
            currentUser(request).id,
            request.params.id,
            suspended,
          );
          return { body: { message: suspended ? agentsText.suspended : agentsText.activated } };
        }),
    );
  }

  app.get<{ Params: { id: number } }>(
    '/agent/from-lender-business/:id',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: { tags: ['agents'], summary: "A business's agents", params: idParams },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      const ids = db
        .select({ id: agentBusinesses.agentId })
        .from(agentBusinesses)
        .where(eq(agentBusinesses.lenderBusinessId, business.id));
      return service.findAgents(db, inArray(agents.id, ids));
    },
  );

  app.get(
    '/agent/from-lender-businesses',
    { onRequest: lender, schema: { tags: ['agents'], summary: 'Every agent of my businesses' } },
    async (request) => service.findAgents(db, eq(agents.lenderId, currentUser(request).id)),
  );

  app.get(
    '/agent/lender-businesses',
    {
      onRequest: app.requireRole('agent'),
      schema: { tags: ['agents'], summary: 'The businesses I work for' },
    },
    async (request) => {
      const ids = db
        .select({ id: agentBusinesses.lenderBusinessId })
        .from(agentBusinesses)
        .where(eq(agentBusinesses.agentId, currentUser(request).id));
      return findBusinesses(db, inArray(lenderBusinesses.id, ids));
    },
  );

  app.get<{ Params: { userId: number } }>(
    '/agent/me/:userId',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['agents'],
        summary: 'An agent profile (the agent itself, or its lender)',
        params: idParamsSchema('userId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [agent] = await service.findAgents(db, eq(agents.id, request.params.userId));
      const allowed =
        agent &&
        ((user.role === 'agent' && user.id === agent.id) ||
          (user.role === 'lender' && user.id === agent.lenderId) ||
          user.role === 'admin' ||
          user.role === 'super_admin');
      if (!allowed) throw notFound(agentsText.notFound);
      return agent;
    },
  );

  app.patch<{ Body: OwnProfileBody }>(
    '/agent/me',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['agents'],
        summary: 'Update my own name and phone number (an agent)',
        description:
          'The email (the sign-in) and the ID number stay with the lender, through PATCH /agent/update/{id}.',
        body: schemaOf(agentOwnProfileSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const { id } = currentUser(request);
        await service.updateOwnProfile(tx, id, request.body);
        const [data] = await service.findAgents(tx, eq(agents.id, id));
        return { body: { message: agentsText.profileUpdated, data } };
      }),
  );

  app.get<{ Params: { id: number } }>(
    '/agent/data/:id',
    {
      // The business's agent totals are for its lender's dashboard, not for its agents.
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['agents'],
        summary: 'Agent totals per status for one business',
        params: idParams,
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return service.agentCounts(db, business.id);
    },
  );
}
