/**
 * Accounts API: login per role, lender registration, password reset,
 * token refresh and logout.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { loginRoles, roles } from '../../../src/domain/roles';
import { authText } from '../../../src/i18n/auth';
import { HttpError } from '../../lib/http-error';
import { errorAnswers } from '../../lib/openapi';
import { schemaOf } from '../../lib/validation';
import type { RoutesPlugin } from '../deps';
import { currentUser } from '../../plugins/auth';
import * as service from './service';
import { endSession, renewSession } from './sessions';
import type { FailureLimits } from './sign-in-failures';
import { contract } from '../../lib/contract';

const RATE_WINDOW = '15 minutes';
const RATE_WINDOW_MS = 15 * 60 * 1000;

export const authRoutes: RoutesPlugin = async (app, { db, tokens, mailer, config }) => {
  // Sign-in counts failures in the database (sign-in-failures.ts): per client address
  // (generous: Kenyan mobile carriers put many phones behind one address) and per email
  // and address (strict).
  const failureLimits: FailureLimits = {
    perIp: config.authRateLimitPerIp,
    perEmailAndIp: config.authRateLimitPerEmail,
    windowMs: RATE_WINDOW_MS,
  };

  // Registration and reset requests: two limits on every request, per client address and
  // per email and address, counted in the database (lib/rate-limit-store.ts) like sign-in
  // failures: requests for someone's email from one address do not stop that person's own
  // reset from theirs.
  const byIp = app.createRateLimit({
    max: config.authRateLimitPerIp,
    timeWindow: RATE_WINDOW,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  const byEmailAndIp = app.createRateLimit({
    max: config.authRateLimitPerEmail,
    timeWindow: RATE_WINDOW,
    keyGenerator: (request) => `auth-email-ip:${emailAndIpKey(request)}`,
  });
  const enforce =
    (limiter: typeof byIp): preHandlerAsyncHookHandler =>
    async (request) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, authText.tooManyAttempts);
      }
    };
  const limitByIp = enforce(byIp);
  const limitByEmailAndIp = enforce(byEmailAndIp);
  const limited = { preHandler: [limitByIp, limitByEmailAndIp] };

  app.post(
    '/auth/:role/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in as a lender, an agent or an administrator',
        description:
          'Opens a session. Wrong passwords are counted per client address and per email and address (15 minutes); while either count is over its limit the answer is 429, even for a correct password. ' +
          'An account with a second factor answers { secondFactor: { challengeToken, expiresAt } } instead of a token: POST /auth/{role}/login/second-factor with a code opens the session. ' +
          'An administrator (or a lender one of whose businesses requires it) without one gets a token with enrolSecondFactor: true, whose session reaches only /auth/second-factor* until the factor is set up (403 with code second_factor_enrolment_required elsewhere).',
        params: schemaOf(v.object({ role: v.picklist(loginRoles, 'Unknown sign-in role.') })),
        ...contract('POST /auth/:role/login', errorAnswers(401, 429)),
      },
    },
    async (request) => {
      const outcome = await service.login(db, tokens, request.params.role, request.body, {
        ip: request.ip,
        limits: failureLimits,
      });
      if ('challengeToken' in outcome) {
        return {
          secondFactor: {
            challengeToken: outcome.challengeToken,
            expiresAt: outcome.expiresAt.toISOString(),
          },
        };
      }
      return {
        token: { accessToken: outcome.accessToken },
        ...(outcome.enrolSecondFactor ? { enrolSecondFactor: true } : {}),
      };
    },
  );

  app.post(
    '/auth/lender/register',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a lender account (status New) and sign it in',
        ...contract('POST /auth/lender/register', errorAnswers(429)),
      },
    },
    async (request, reply) => {
      const accessToken = await service.registerLender(db, tokens, request.body);
      return reply.code(201).send({ token: { accessToken } });
    },
  );

  app.post(
    '/auth/password-reset/request',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; always answers 200',
        ...contract('POST /auth/password-reset/request', errorAnswers(429)),
      },
    },
    async (request) => {
      try {
        await service.requestPasswordReset(db, mailer, config.publicUrl, request.body);
      } catch (error) {
        // The answer must not tell whether the account exists, nor that mail failed.
        request.log.error({ err: error }, 'password reset mail could not be sent');
      }
      return { message: authText.resetRequestAccepted };
    },
  );

  app.post(
    '/auth/password-reset/reset',
    {
      preHandler: limitByIp,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset or invitation token',
        ...contract('POST /auth/password-reset/reset', errorAnswers(429)),
      },
    },
    async (request) => {
      await service.resetPassword(db, request.body);
      return { message: authText.resetDone };
    },
  );
};

export const sessionRoutes: RoutesPlugin = async (app, { db, tokens }) => {
  // Blocked and suspended accounts may still refresh (to learn their status) and log out.
  const signedIn = app.requireRoleAnyStatus(...roles);

  app.post(
    '/auth/token/refresh',
    {
      onRequest: signedIn,
      schema: {
        tags: ['auth'],
        summary: "A fresh token carrying the account's current status",
        description:
          'Lets a pending lender learn it was approved, and a blocked one that it was activated again, without signing in again. The new token belongs to the same session: logging out ends both.',
        ...contract('POST /auth/token/refresh'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { token: { accessToken: await renewSession(db, tokens, user, user.sessionId) } };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: signedIn,
      schema: {
        ...contract('POST /auth/logout'),
        tags: ['auth'],
        summary: 'End the session of the presented token',
        description:
          'Every token of this sign-in (refreshed ones included) answers 401 from now on. A token already ended answers 401.',
        response: { 204: { description: 'The session ended', type: 'null' } },
      },
    },
    async (request, reply) => {
      await endSession(db, currentUser(request).sessionId, 'logout');
      return reply.code(204).send();
    },
  );
};

/** The email and client address of a request, hashed: no addresses in the counters' table. */
function emailAndIpKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '-';
  return createHash('sha256').update(`${email}\n${request.ip}`).digest('hex');
}
