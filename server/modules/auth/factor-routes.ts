/**
 * The second factor's calls: the code step of sign-in, enrolment, a code asked again before
 * money leaves, a lender turning it off or making a business require it, and a super admin's
 * reset (server/modules/auth/factor.ts).
 */
import * as v from 'valibot';
import { loginRoles } from '../../../src/domain/roles';
import { secondFactorText } from '../../../src/i18n/second-factor';
import { errorAnswers } from '../../lib/openapi';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import {
  confirmEnrolment,
  disableFactor,
  factorStatus,
  resetFactor,
  rolesWithFactor,
  setBusinessRequirement,
  startEnrolment,
  stepUp,
} from './factor';
import { completeSignIn } from './service';
import type { FailureLimits } from './sign-in-failures';
import { contract } from '../../lib/contract';

const RATE_WINDOW_MS = 15 * 60 * 1000;

export const secondFactorRoutes: RoutesPlugin = async (app, deps) => {
  const { db, tokens, config, factorSecrets } = deps;
  const limits: FailureLimits = {
    perIp: config.authRateLimitPerIp,
    perEmailAndIp: config.authRateLimitPerEmail,
    windowMs: RATE_WINDOW_MS,
  };
  const withFactor = app.requireRole(...rolesWithFactor);
  // Reachable by an administrator who must still set the factor up.
  const setup = { config: { secondFactorSetup: true } };

  app.post(
    '/auth/:role/login/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'The code step of a sign-in: a challenge and a code open the session',
        description:
          'After a right password an account with a second factor gets { secondFactor: { challengeToken, expiresAt } } (5 minutes) instead of a token. This answers it with a 6-digit code of the authenticator app or a recovery code (each works once). A code already used, or older than one step, is refused (replay). Wrong codes count like wrong passwords (per address, per email and address, and per account): over the limit the answer is 429.',
        params: schemaOf(v.object({ role: v.picklist(loginRoles, 'Unknown sign-in role.') })),
        ...contract('POST /auth/:role/login/second-factor', errorAnswers(401, 429)),
        // 401: the challenge is not one, or took too long; 429: too many wrong codes.
      },
    },
    async (request) => {
      const accessToken = await completeSignIn(
        db,
        tokens,
        factorSecrets,
        request.params.role,
        request.body,
        { ip: request.ip, limits },
      );
      return { token: { accessToken } };
    },
  );

  app.get(
    '/auth/second-factor',
    {
      onRequest: withFactor,
      ...setup,
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's second factor: on or not, required or not, codes left",
        ...contract('GET /auth/second-factor'),
      },
    },
    async (request) => factorStatus(db, currentUser(request)),
  );

  app.post(
    '/auth/second-factor/enrol',
    {
      onRequest: withFactor,
      ...setup,
      schema: {
        tags: ['auth'],
        summary: 'Start setting up a second factor: a new secret, its otpauth URI and QR code',
        description:
          'The secret counts only once confirmed with its first code. Starting again replaces an unconfirmed secret; a confirmed factor answers 409. Agents have no second factor.',
        ...contract('POST /auth/second-factor/enrol'),
      },
    },
    async (request) => startEnrolment(db, factorSecrets, currentUser(request)),
  );

  app.post(
    '/auth/second-factor/confirm',
    {
      onRequest: withFactor,
      ...setup,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the second factor with its first code; answers the recovery codes once',
        description:
          "From now on signing in asks for a code. This session counts as having proved it; the user's other sessions that never did end.",
        ...contract('POST /auth/second-factor/confirm'),
      },
    },
    async (request) => ({
      recoveryCodes: await confirmEnrolment(
        db,
        factorSecrets,
        currentUser(request),
        request.body.code,
        { ip: request.ip, limits },
      ),
    }),
  );

  app.post(
    '/auth/second-factor/verify',
    {
      onRequest: withFactor,
      schema: {
        tags: ['auth'],
        summary: 'A code asked again: the session has proved the second factor now',
        description:
          "What a 403 with code second_factor_step_up_required asks for (a withdrawal, a refund to a number that is not the borrower's, when the session's last code is older than 15 minutes); then the request is sent again.",
        ...contract('POST /auth/second-factor/verify'),
      },
    },
    async (request) => {
      await stepUp(db, factorSecrets, currentUser(request), request.body.code, {
        ip: request.ip,
        limits,
      });
      return { message: secondFactorText.enrolled };
    },
  );

  app.post(
    '/auth/second-factor/disable',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['auth'],
        summary: 'A lender turns its second factor off, with a code',
        description:
          'Refused (409) while one of its businesses requires it; administrators cannot turn theirs off.',
        ...contract('POST /auth/second-factor/disable'),
      },
    },
    async (request) => {
      await disableFactor(db, factorSecrets, currentUser(request), request.body.code, {
        ip: request.ip,
        limits,
      });
      return { message: secondFactorText.turnedOff };
    },
  );

  app.put(
    '/lender-business/:id/second-factor',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['auth'],
        summary: 'A business requires (or stops requiring) its lender to sign in with a code',
        description:
          "Requiring it needs the lender's own second factor on (409 otherwise); stopping asks for a fresh code like a withdrawal (403 second_factor_step_up_required).",
        params: idParamsSchema('id'),
        ...contract('PUT /lender-business/:id/second-factor'),
      },
    },
    async (request) => {
      await setBusinessRequirement(
        db,
        currentUser(request),
        request.params.id,
        request.body.required,
      );
      return { message: secondFactorText.businessRequirementSaved };
    },
  );

  app.post(
    '/admin/users/:id/second-factor/reset',
    {
      onRequest: app.requireRole('super_admin'),
      schema: {
        tags: ['admin'],
        summary: "Reset a user's second factor (super admin): it goes and their sessions end",
        description:
          'For a lost phone with lost recovery codes. Audit-logged (user.second-factor-reset). An administrator sets up a new one at the next sign-in; a lender signs in with the password until it turns one on again.',
        params: idParamsSchema('id'),
        ...contract('POST /admin/users/:id/second-factor/reset'),
      },
    },
    async (request) => {
      await resetFactor(db, currentUser(request), request.params.id);
      return { message: secondFactorText.factorReset };
    },
  );
};
