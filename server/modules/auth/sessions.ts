/**
 * Signed-in sessions (docs/architecture.md §3). Every sign-in (login, lender registration) opens a
 * `sessions` row with a random id that the access token carries as `sid`; a refresh
 * signs a new token for the SAME session and moves its expiry. Ending the session (log
 * out, a new password, the account blocked or suspended) therefore ends every token that
 * came from that sign-in, refreshed ones included: the auth plugin reads the session
 * with the user on each request.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, type users } from '../../db/schema';
import { authText } from '../../../src/i18n/auth';
import { unauthorized } from '../../lib/http-error';
import type { AccessClaims, TokenService } from '../../lib/jwt';

/** Why a session ended, as kept in `revoked_reason`. */
export type SessionEnd =
  | 'logout'
  | 'password'
  | 'blocked'
  | 'suspended'
  | 'factor-reset'
  | 'factor-enrolled'
  | 'deactivated';

type SessionUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'role' | 'status'>;

/** Rows expired this long ago are deleted; until then they say how a session ended. */
const KEEP_EXPIRED_MS = 30 * 86_400_000;
/** At most this many rows go per prune, so a sign-in never waits for a big delete. */
const PRUNE_BATCH = 100;

function claimsOf(user: SessionUser, sid: string): AccessClaims {
  return {
    id: user.id,
    email: user.email,
    roles: [user.role],
    ...(user.role === 'lender' ? { status: user.status } : {}),
    sid,
  };
}

/**
 * When a token signed now is issued and expires, to the second (JWT `iat` and `exp` have
 * whole seconds). Taken once: the session is written between this and the signature.
 */
function timesOfNewToken(tokens: TokenService): { issuedAt: Date; expiresAt: Date } {
  const issuedSeconds = Math.floor(Date.now() / 1000);
  return {
    issuedAt: new Date(issuedSeconds * 1000),
    expiresAt: new Date((issuedSeconds + tokens.ttlSeconds) * 1000),
  };
}

/**
 * Opens a session for a user who just proved who they are; answers its first token.
 * `factorVerifiedAt`: when the sign-in's second-factor code was accepted (null: none).
 */
export async function startSession(
  tx: Tx,
  tokens: TokenService,
  user: SessionUser,
  factorVerifiedAt: Date | null = null,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const { issuedAt, expiresAt } = timesOfNewToken(tokens);
  await tx.insert(sessions).values({ id, userId: user.id, expiresAt, factorVerifiedAt });
  return tokens.sign(claimsOf(user, id), expiresAt, issuedAt);
}

/**
 * A new token for a session still open, with the user's current status; the session
 * lives on until the new token expires. A session that ended meanwhile answers 401.
 */
export async function renewSession(
  tx: Tx,
  tokens: TokenService,
  user: SessionUser,
  sessionId: string,
): Promise<string> {
  const { issuedAt, expiresAt } = timesOfNewToken(tokens);
  const [renewed] = await tx
    .update(sessions)
    .set({
      expiresAt: sql`greatest(${sessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  if (!renewed) throw unauthorized(authText.sessionEnded);
  return tokens.sign(claimsOf(user, sessionId), expiresAt, issuedAt);
}

/** Ends one session (log out). Answers whether it was still open. */
export async function endSession(tx: Tx, sessionId: string, reason: SessionEnd): Promise<boolean> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every open session of a user: a new password, or the account blocked or suspended. */
export async function endUserSessions(tx: Tx, userId: number, reason: SessionEnd): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Deletes a bounded batch of sessions expired long ago (run on sign-in; cheap by index). */
export async function pruneExpiredSessions(tx: Tx): Promise<void> {
  const old = tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, new Date(Date.now() - KEEP_EXPIRED_MS)))
    .limit(PRUNE_BATCH);
  await tx.delete(sessions).where(inArray(sessions.id, old));
}
