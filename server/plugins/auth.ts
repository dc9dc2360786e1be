/**
 * Bearer-token authentication and role checks for every route (docs/architecture.md §3). The
 * token's session and the user's row are read on each request, in one query: a session ended (log
 * out, new password, account blocked or suspended) stops every token of it at once, and a blocked
 * or suspended account stops working at its next request, not only at its next sign-in. A lender
 * not yet approved reaches only the onboarding routes; the
 * agents of a blocked or suspended lender may read but not write.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role, UserStatus } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { authText } from '../../src/i18n/auth';
import { agents, lenderBusinesses, sessions, userFactors, users } from '../db/schema';
import { ENROLMENT_REQUIRED } from '../../src/domain/second-factor';
import { secondFactorText } from '../../src/i18n/second-factor';
import { HttpError, unauthorized } from '../lib/http-error';
import type { TokenService } from '../lib/jwt';
import { answerVersionOf } from './answer-cache';

export type AuthUser = {
  id: number;
  email: string;
  role: Role;
  status: UserStatus;
  /** The session the token belongs to (its `sid`). */
  sessionId: string;
  /**
   * On routes that keep their answers, the answer cache's version of this user's data,
   * read with the session (server/plugins/answer-cache.ts); else null.
   */
  answerVersion: string | null;
  /**
   * The second factor: whether the user has one confirmed, and when this session last
   * proved it (server/modules/auth/factor.ts).
   */
  factor: { enrolled: boolean; verifiedAt: Date | null };
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in user with one of these roles, else 401/403. */
    requireRole: (...roles: Role[]) => onRequestAsyncHookHandler;
    /**
     * Like requireRole, but also lets lenders through that are not approved yet (New,
     * Pending, Rejected): the profile wizard and the pages that wait for the decision.
     */
    requireRoleOnboarding: (...roles: Role[]) => onRequestAsyncHookHandler;
    /**
     * Like requireRole, but also lets blocked and suspended accounts through, and the
     * agents of a blocked or suspended lender write (token refresh, logout).
     */
    requireRoleAnyStatus: (...roles: Role[]) => onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /**
     * The route sets up or reads the second factor: a session that must set one up
     * before anything else (an administrator without one) reaches it.
     */
    secondFactorSetup?: boolean;
  }
}

const SIGN_IN_REQUIRED = 'Please sign in to continue.';
const NOT_ALLOWED = 'You do not have permission to do this.';
const ACCOUNT_DISABLED = 'Your account has been blocked or suspended. Please contact support.';
const LENDER_NOT_APPROVED =
  'Your lender account is not approved yet. Complete your profile and wait for the decision.';

/** Which accounts a guard lets through, beyond having one of its roles. */
type Admits = 'active' | 'onboarding' | 'any';

/** Accounts in these statuses are refused at every request. */
const disabledStatuses = new Set(['Blocked', 'Suspended', 'blocked', 'suspended', 'deactivated']);

/** Methods that change something: refused to the agents of a disabled lender. */
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The agent's lender's account, read in the same query as the user. */
const agentLender = alias(users, 'agent_lender');

// last_active_at is written at most this often per user, not on every request.
const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The session (open and unexpired), its user, and for an agent the status of its lender's
 * account: one round trip on the sessions primary key, built once per database (drizzle
 * then neither rebuilds its SQL per request nor, on PostgreSQL, does the server re-plan it).
 */
function sessionQuery(db: Db, withAnswerVersion: boolean) {
  return db
    .select({
      answerVersion: withAnswerVersion ? answerVersionOf(users.id) : sql<null>`null`,
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      lastActiveAt: users.lastActiveAt,
      lenderStatus: agentLender.status,
      factorVerifiedAt: sessions.factorVerifiedAt,
      factorEnrolled: sql<boolean>`exists (select 1 from ${userFactors} where ${userFactors.userId} = ${users.id} and ${userFactors.confirmedAt} is not null)`,
      // A lender's businesses may require the factor; an administrator's role does.
      factorRequired: sql<boolean>`(${users.role} in ('admin', 'super_admin') or exists (select 1 from ${lenderBusinesses} where ${lenderBusinesses.lenderId} = ${users.id} and ${lenderBusinesses.requiresSecondFactor}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agents, eq(agents.id, users.id))
    .leftJoin(agentLender, eq(agentLender.id, agents.lenderId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare(withAnswerVersion ? 'auth_session_answer_version' : 'auth_session');
}
type SessionQuery = ReturnType<typeof sessionQuery>;
type SessionQueries = { plain: SessionQuery; withAnswerVersion: SessionQuery };

async function authenticate(
  request: FastifyRequest,
  db: Db,
  sessions: SessionQueries,
  tokens: TokenService,
  admits: Admits,
): Promise<AuthUser> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) throw unauthorized(SIGN_IN_REQUIRED);
  const session = request.routeOptions.config.answerCache
    ? sessions.withAnswerVersion
    : sessions.plain;
  const [row] = await session.execute({
    sid: claims.sid,
    userId: claims.id,
    now: new Date().toISOString(),
  });
  if (!row) throw unauthorized(authText.sessionEnded);
  if (row.role !== claims.roles[0]) throw unauthorized(SIGN_IN_REQUIRED);
  if (admits !== 'any' && disabledStatuses.has(row.status))
    throw new HttpError(401, ACCOUNT_DISABLED);
  // A lender works only once approved; until then only the onboarding routes answer it.
  if (admits === 'active' && row.role === 'lender' && row.status !== 'Active')
    throw new HttpError(403, LENDER_NOT_APPROVED);
  // A blocked or suspended lender's agents keep reading, but record nothing new.
  if (
    admits !== 'any' &&
    row.role === 'agent' &&
    row.lenderStatus !== null &&
    disabledStatuses.has(row.lenderStatus) &&
    writeMethods.has(request.method)
  )
    throw new HttpError(403, authText.lenderAccountDisabled);
  // A session that must prove a second factor it has not (an administrator who has not set
  // one up yet) reaches only the routes that set it up, log out and refresh.
  if (
    admits !== 'any' &&
    row.factorRequired &&
    row.factorVerifiedAt === null &&
    !request.routeOptions.config.secondFactorSetup
  )
    throw enrolmentRequired();
  if (!row.lastActiveAt || Date.now() - row.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, row.id));
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    sessionId: claims.sid,
    answerVersion: row.answerVersion,
    factor: { enrolled: row.factorEnrolled, verifiedAt: row.factorVerifiedAt },
  };
}

/** Who a route's guard lets through: what its OpenAPI operation declares (server/lib/openapi.ts). */
export type RouteGuard = { roles: readonly Role[]; admits: Admits };

const GUARD = Symbol('route guard');

/**
 * The guard among a route's onRequest hooks (requireRole and its kin), or null for a route
 * anyone may call: the document's bearer requirement and 401/403 answers follow from it.
 */
export function routeGuardOf(onRequest: unknown): RouteGuard | null {
  const hooks = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const guard = (hook as { [GUARD]?: RouteGuard } | undefined)?.[GUARD];
    if (guard) return guard;
  }
  return null;
}

/** The 403 of a session that must set up its second factor before anything else. */
export function enrolmentRequired(): HttpError {
  return new HttpError(403, secondFactorText.enrolmentRequired, undefined, ENROLMENT_REQUIRED);
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; tokens: TokenService }) => {
    app.decorateRequest('user', null);
    const sessions = {
      plain: sessionQuery(options.db, false),
      withAnswerVersion: sessionQuery(options.db, true),
    };
    const guard =
      (admits: Admits) =>
      (...roles: Role[]): onRequestAsyncHookHandler => {
        const check: onRequestAsyncHookHandler = async (request) => {
          const user = await authenticate(request, options.db, sessions, options.tokens, admits);
          if (!roles.includes(user.role)) throw new HttpError(403, NOT_ALLOWED);
          request.user = user;
        };
        return Object.assign(check, { [GUARD]: { roles, admits } satisfies RouteGuard });
      };
    app.decorate('requireRole', guard('active'));
    app.decorate('requireRoleOnboarding', guard('onboarding'));
    app.decorate('requireRoleAnyStatus', guard('any'));
  },
  { name: 'auth' },
);

/** The signed-in user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}
