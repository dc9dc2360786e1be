/**
 * Accounts and sessions: sign-in per role, lender registration,
 * password reset and invitations by single-use, hashed, one-hour tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { administratorsText } from '../../../src/i18n/administrators';
import { authText } from '../../../src/i18n/auth';
import { rolesForLogin, type LoginRole, type Role } from '../../../src/domain/roles';
import type { Db, Tx } from '../../db/client';
import { lenders, passwordResetTokens, users } from '../../db/schema';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error';
import type { TokenService } from '../../lib/jwt';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { secondFactorText } from '../../../src/i18n/second-factor';
import type { FactorSecrets } from './factor-secret';
import { checkCodeLimited, hasConfirmedFactor, requirementOf } from './factor';
import { endUserSessions, pruneExpiredSessions, startSession } from './sessions';
import {
  clearFailures,
  isLimited,
  pruneStaleFailures,
  recordFailure,
  type FailureLimits,
  type SignInAttempt,
} from './sign-in-failures';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Statuses that may not sign in at all, with the reason the user reads; lenders always
 * may (the client routes them by status).
 */
const refusedStatuses: Partial<Record<Role, Readonly<Record<string, string>>>> = {
  agent: {
    suspended: authText.accountSuspended,
    blocked: authText.accountBlocked,
    new: authText.accountNotActivated,
  },
  admin: { deactivated: administratorsText.accountDeactivated },
};

/** What a right password leads to: a session, or the code step of a second factor. */
export type LoginOutcome =
  | { accessToken: string; enrolSecondFactor: boolean }
  | { challengeToken: string; expiresAt: Date };

/**
 * Signs a user in and opens a session. Failed passwords are counted per address and per
 * email and address; while either count is over its limit even a correct one is refused.
 * An account with a second factor gets a short-lived challenge instead of a session, to
 * answer with a code (completeSignIn); an administrator without one gets a session that
 * can only set one up (enrolSecondFactor).
 */
export async function login(
  db: Db,
  tokens: TokenService,
  loginRole: LoginRole,
  input: { email: string; password: string },
  attempt: { ip: string; limits: FailureLimits },
): Promise<LoginOutcome> {
  const who = { email: input.email, ip: attempt.ip };
  if (await isLimited(db, who, attempt.limits)) throw new HttpError(429, authText.tooManyAttempts);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), inArray(users.role, [...rolesForLogin(loginRole)])))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await recordFailure(db, who, attempt.limits);
    // Failures from ever new addresses must not grow the table without end either.
    await pruneStaleFailures(db, attempt.limits);
    throw unauthorized(authText.invalidCredentials);
  }
  const refusal = refusedStatuses[user.role]?.[user.status];
  if (refusal) throw new HttpError(403, refusal);
  if (user.role !== 'agent' && (await hasConfirmedFactor(db, user.id))) {
    // The email's failures are forgiven only once the code is right too.
    const challenge = await tokens.signChallenge({ userId: user.id, loginRole });
    return { challengeToken: challenge.token, expiresAt: challenge.expiresAt };
  }
  const enrolSecondFactor = (await requirementOf(db, user)) !== null;
  const accessToken = await openSession(db, tokens, user, who, attempt.limits, null);
  return { accessToken, enrolSecondFactor };
}

/**
 * The code step of a sign-in: the challenge of a right password and a code of the
 * account's factor (or a recovery code) open a session that has proved it.
 */
export async function completeSignIn(
  db: Db,
  tokens: TokenService,
  secrets: FactorSecrets,
  loginRole: LoginRole,
  input: { challengeToken: string; code: string },
  attempt: { ip: string; limits: FailureLimits },
): Promise<string> {
  const challenge = await tokens.verifyChallenge(input.challengeToken);
  if (!challenge || challenge.loginRole !== loginRole) {
    throw unauthorized(secondFactorText.challengeExpired);
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, challenge.userId), inArray(users.role, [...rolesForLogin(loginRole)])))
    .limit(1);
  if (!user) throw unauthorized(secondFactorText.challengeExpired);
  const refusal = refusedStatuses[user.role]?.[user.status];
  if (refusal) throw new HttpError(403, refusal);
  const who = { email: user.email, ip: attempt.ip, account: user.id };
  let accessToken = '';
  await checkCodeLimited(
    db,
    secrets,
    who,
    attempt.limits,
    input.code,
    { confirmed: true, recovery: true },
    async (tx) => {
      accessToken = await openSession(tx, tokens, user, who, attempt.limits, new Date());
    },
  );
  return accessToken;
}

async function openSession(
  db: Tx,
  tokens: TokenService,
  user: typeof users.$inferSelect,
  who: SignInAttempt,
  limits: FailureLimits,
  factorVerifiedAt: Date | null,
): Promise<string> {
  return db.transaction(async (tx) => {
    await clearFailures(tx, who);
    // Sign-ins are frequent enough to keep both tables small, a bounded batch at a time.
    await pruneStaleFailures(tx, limits);
    await pruneExpiredSessions(tx);
    await tx.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
    return startSession(tx, tokens, user, factorVerifiedAt);
  });
}

export async function registerLender(
  db: Db,
  tokens: TokenService,
  input: { email: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        role: 'lender',
        status: 'New',
        lastActiveAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(authText.emailTaken);
    await tx.insert(lenders).values({ id: created.id });
    return startSession(tx, tokens, created);
  });
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a single-use token for a user and answers the link to put in a mail. */
export async function issueResetLink(
  tx: Tx,
  options: { userId: number; purpose: 'reset' | 'invite'; type: LoginRole; publicUrl: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResetTokens).values({
    userId: options.userId,
    tokenHash: hashToken(token),
    purpose: options.purpose,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const query = new URLSearchParams({ token, type: options.type });
  // An invitation's page asks to set a first password, not to reset one.
  if (options.purpose === 'invite') query.set('purpose', 'invite');
  return `${options.publicUrl}/reset-password?${query.toString()}`;
}

/** Always succeeds for the caller; sends a link only when the account exists. */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: { email: string; userType: LoginRole },
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(eq(users.email, input.email), inArray(users.role, [...rolesForLogin(input.userType)])),
    )
    .limit(1);
  if (!user) return;
  const link = await issueResetLink(db, {
    userId: user.id,
    purpose: 'reset',
    type: input.userType,
    publicUrl,
  });
  await mailer.send({
    to: user.email,
    subject: 'Reset your Mkopo password',
    text: `Someone asked to reset the password of your Mkopo account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this message.`,
    link,
  });
}

export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Claiming the token and checking it in one statement makes it single-use under races.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) throw badRequest(authText.resetTokenInvalid);
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        // An invited agent becomes active when it sets its first password.
        status: sql`case when ${users.role} = 'agent' and ${users.status} = 'new' then 'active' else ${users.status} end`,
      })
      .where(eq(users.id, claimed.userId));
    // Every token issued before the new password stops working (refreshed ones too).
    await endUserSessions(tx, claimed.userId, 'password');
    // Any other outstanding link of this user stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
      );
  });
}
