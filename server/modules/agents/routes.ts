/** Agents: lenders invite and manage them; agents read and update their own profile. */
import { adminRoles } from '../../../src/domain/roles';
import { agentsText } from '../../../src/i18n/agents';
import { notFound, writtenRow } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import { businessesOfAgent } from '../businesses/service';
import type { RoutesPlugin } from '../deps';
import * as service from './service';
import { contract } from '../../lib/contract';

export const agentRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const lender = app.requireRole('lender');
  const idParams = idParamsSchema('id');

  app.get(
    '/agent/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['agents'],
        summary: 'Agent totals per status',
        ...contract('GET /agent/count'),
      },
    },
    async () => service.agentCounts(db),
  );

  app.post(
    '/agent/register',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Invite an agent: creates its account (status new) and mails a set-password link',
        ...contract('POST /agent/register'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const outcome = await runIdempotent(db, request, reply, async (tx) => {
        await businessFor(tx, user, request.body.lenderBusinessId, {
          lenderOnly: true,
          usable: true,
        });
        const invited = await service.inviteAgent(tx, {
          lenderId: user.id,
          input: request.body,
          publicUrl: deps.config.publicUrl,
        });
        const data = writtenRow(await service.agentById(tx, invited.agentId), 'The agent');
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

  app.patch(
    '/agent/update/:id',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Edit an agent',
        params: idParams,
        ...contract('PATCH /agent/update/:id'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const user = currentUser(request);
        await businessFor(tx, user, request.body.lenderBusinessId, { lenderOnly: true });
        await service.updateAgent(tx, user.id, request.params.id, request.body);
        const data = writtenRow(await service.agentById(tx, request.params.id), 'The agent');
        return { body: { message: agentsText.updated, data } };
      }),
  );

  // Moving an agent to another of the lender's businesses, or adding one to those it works
  // for: the same check of the business and the same placement, apart from `only`.
  for (const route of [
    {
      key: 'PATCH /agent/reassign-to-new-lender-business/:id/reassign',
      method: 'PATCH',
      url: '/agent/reassign-to-new-lender-business/:id/reassign',
      summary: 'Move an agent to another of my businesses',
      only: true,
      done: agentsText.reassigned,
    },
    {
      key: 'POST /agent/add-lender-business/:id/add-business',
      method: 'POST',
      url: '/agent/add-lender-business/:id/add-business',
      summary: 'Let an agent also work for another of my businesses',
      only: false,
      done: agentsText.businessAdded,
    },
  ] as const) {
    app.route({
      method: route.method,
      url: route.url,
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: route.summary,
        ...contract(route.key),
        params: idParams,
      },
      handler: async (request, reply) =>
        respondOnce(db, request, reply, async (tx) => {
          const user = currentUser(request);
          const body = request.body;
          const businessId =
            'newLenderBusinessId' in body ? body.newLenderBusinessId : body.lenderBusinessId;
          await businessFor(tx, user, businessId, { lenderOnly: true });
          await service.placeAgent(tx, user.id, request.params.id, businessId, route.only);
          return { body: { message: route.done } };
        }),
    });
  }

  for (const [action, suspended] of [
    ['suspend', true],
    ['activate', false],
  ] as const) {
    app.patch(
      `/agent/:id/${action}`,
      {
        onRequest: lender,
        schema: {
          tags: ['agents'],
          summary: suspended
            ? 'Suspend an agent: it cannot sign in or use its token'
            : 'Reactivate a suspended agent',
          ...contract(`PATCH /agent/:id/${action}` as const),
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

  app.get(
    '/agent/from-lender-business/:id',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['agents'],
        summary: "A business's agents",
        params: idParams,
        ...contract('GET /agent/from-lender-business/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return service.agentsOfBusiness(db, business.id);
    },
  );

  app.get(
    '/agent/from-lender-businesses',
    {
      onRequest: lender,
      schema: {
        tags: ['agents'],
        summary: 'Every agent of my businesses',
        ...contract('GET /agent/from-lender-businesses'),
      },
    },
    async (request) => service.agentsOfLender(db, currentUser(request).id),
  );

  app.get(
    '/agent/lender-businesses',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['agents'],
        summary: 'The businesses I work for',
        ...contract('GET /agent/lender-businesses'),
      },
    },
    async (request) => businessesOfAgent(db, currentUser(request).id),
  );

  app.get(
    '/agent/me/:userId',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['agents'],
        summary: 'An agent profile (the agent itself, or its lender)',
        params: idParamsSchema('userId'),
        ...contract('GET /agent/me/:userId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const agent = await service.agentById(db, request.params.userId);
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

  app.patch(
    '/agent/me',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['agents'],
        summary: 'Update my own name and phone number (an agent)',
        description:
          'The email (the sign-in) and the ID number stay with the lender, through PATCH /agent/update/{id}.',
        ...contract('PATCH /agent/me'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const { id } = currentUser(request);
        await service.updateOwnProfile(tx, id, request.body);
        const data = writtenRow(await service.agentById(tx, id), 'The agent');
        return { body: { message: agentsText.profileUpdated, data } };
      }),
  );

  app.get(
    '/agent/data/:id',
    {
      // The business's agent totals are for its lender's dashboard, not for its agents.
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['agents'],
        summary: 'Agent totals per status for one business',
        params: idParams,
        ...contract('GET /agent/data/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return service.agentCounts(db, business.id);
    },
  );
};
