/** Accounts API (spec part 1 §7): login per role, lender registration, password reset. */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import {
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../src/domain/auth';
import { loginRoles, roles, type LoginRole } from '../../../src/domain/roles';
import { authText } from '../../../src/i18n/auth';
import { HttpError } from '../../lib/http-error';
import { schemaOf } from '../../lib/validation';
import type { Deps } from '../deps';
import { currentUser } from '../../plugins/auth';
import { claimsOf } from './service';
import * as service from './service';

const tokenAnswer = {
  type: 'object',
  properties: {
    token: { type: 'object', properties: { accessToken: { type: 'string' } } },
  },
} as const;

const messageAnswer = {
  type: 'object',
  properties: { message: { type: 'string' } },
} as const;

const RATE_WINDOW = '15 minutes';

export async function authRoutes(app: FastifyInstance, options: Deps) {
  const { db, tokens, mailer, config } = options;

  // Two limits for every credential endpoint: per client address (generous: Kenyan
  // mobile carriers put many phones behind one address) and per email (strict).
  const byIp = app.createRateLimit({
    max: config.authRateLimitPerIp,
    timeWindow: RATE_WINDOW,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: config.authRateLimitPerEmail,
    timeWindow: RATE_WINDOW,
    keyGenerator: (request) => `auth-email:${emailOf(request)}`,
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
  const limitByEmail = enforce(byEmail);
  const limited = { preHandler: [limitByIp, limitByEmail] };

  app.post<{ Params: { role: string }; Body: v.InferOutput<typeof loginSchema> }>(
    '/auth/:role/login',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in as a lender, an agent or an administrator',
        params: schemaOf(v.object({ role: v.picklist(loginRoles, 'Unknown sign-in role.') })),
        body: schemaOf(loginSchema),
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const accessToken = await service.login(
        db,
        tokens,
        request.params.role as LoginRole,
        request.body,
      );
      return { token: { accessToken } };
    },
  );

  app.post<{ Body: v.InferOutput<typeof registerSchema> }>(
    '/auth/lender/register',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a lender account (status New) and sign it in',
        body: schemaOf(registerSchema),
        response: { 201: tokenAnswer },
      },
    },
    async (request, reply) => {
      const accessToken = await service.registerLender(db, tokens, request.body);
      return reply.code(201).send({ token: { accessToken } });
    },
  );

  app.post<{ Body: v.InferOutput<typeof passwordResetRequestSchema> }>(
    '/auth/password-reset/request',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; always answers 200',
        body: schemaOf(passwordResetRequestSchema),
        response: { 200: messageAnswer },
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

  app.post<{ Body: v.InferOutput<typeof resetPasswordSchema> }>(
    '/auth/password-reset/reset',
    {
      preHandler: limitByIp,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset or invitation token',
        body: schemaOf(resetPasswordSchema),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await service.resetPassword(db, request.body);
      return { message: authText.resetDone };
    },
  );
}

export async function sessionRoutes(app: FastifyInstance, options: Deps) {
  app.post(
    '/auth/token/refresh',
    {
      onRequest: app.requireRoleAnyStatus(...roles),
      schema: {
        tags: ['auth'],
        summary: "A fresh token carrying the account's current status",
        description:
          'Lets a pending lender learn it was approved, and a blocked one that it was blocked, without signing in again.',
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { token: { accessToken: await options.tokens.sign(claimsOf(user)) } };
    },
  );
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '-';
}
