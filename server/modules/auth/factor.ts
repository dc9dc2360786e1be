/**
 * The second factor (docs/architecture.md §3): TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, as
 * every authenticator app speaks it) through `otpauth`, with ten one-time recovery codes hashed
 * with argon2 like passwords. Administrators must have one; a lender may, and must while one of
 * its businesses requires it; agents never (phones in the field sign in offline).
 *
 * A code is accepted once: the newest accepted time step is kept, and a code of it or of an
 * older step is refused (replay), in one conditional UPDATE so two racing requests cannot
 * both use it. Wrong codes count like wrong passwords (sign-in-failures.ts), and also per
 * account. A session remembers when it last proved the factor (`sessions.factor_verified_at`):
 * withdrawals and refunds to another number ask again after 15 minutes.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { authText } from '../../../src/i18n/auth';
import { secondFactorText } from '../../../src/i18n/second-factor';
import {
  RECOVERY_CODE_COUNT,
  STEP_UP_MAX_AGE_MS,
  STEP_UP_REQUIRED,
  type FactorStatus,
} from '../../../src/domain/second-factor';
import type { Role } from '../../../src/domain/roles';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, recoveryCodes, sessions, userFactors, users } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import type { FactorSecrets } from './factor-secret';
import { endUserSessions } from './sessions';
import {
  clearFailures,
  isLimited,
  recordFailure,
  type FailureLimits,
  type SignInAttempt,
} from './sign-in-failures';

const ISSUER = 'Mkopo';
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;

/** Roles that must have a second factor; agents cannot have one. */
export const factorRoles = new Set<Role>(['admin', 'super_admin']);
export const rolesWithFactor = ['lender', 'admin', 'super_admin'] as const;

function totpOf(secret: OTPAuth.Secret, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret,
  });
}

/** Where a user must have a factor: administrators by role, lenders by a business. */
export async function requirementOf(
  tx: Tx,
  user: { id: number; role: Role },
): Promise<'role' | 'business' | null> {
  if (factorRoles.has(user.role)) return 'role';
  if (user.role !== 'lender') return null;
  const [row] = await tx
    .select({ id: lenderBusinesses.id })
    .from(lenderBusinesses)
    .where(
      and(eq(lenderBusinesses.lenderId, user.id), eq(lenderBusinesses.requiresSecondFactor, true)),
    )
    .limit(1);
  return row ? 'business' : null;
}

export async function hasConfirmedFactor(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ confirmedAt: userFactors.confirmedAt })
    .from(userFactors)
    .where(eq(userFactors.userId, userId));
  return Boolean(row?.confirmedAt);
}

export async function factorStatus(db: Db, user: AuthUser): Promise<FactorStatus> {
  const requiredBy = await requirementOf(db, user);
  const enrolled = await hasConfirmedFactor(db, user.id);
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const requiring =
    user.role === 'lender'
      ? await db
          .select({ id: lenderBusinesses.id })
          .from(lenderBusinesses)
          .where(
            and(
              eq(lenderBusinesses.lenderId, user.id),
              eq(lenderBusinesses.requiresSecondFactor, true),
            ),
          )
      : [];
  return {
    enrolled,
    required: requiredBy !== null,
    requiredBy,
    recoveryCodesLeft: enrolled ? (left?.count ?? 0) : 0,
    requiringBusinessIds: requiring.map((row) => row.id),
  };
}

/**
 * Refuses a money action (a withdrawal, a refund to another number) when the session's
 * last code is older than 15 minutes; the client asks for a code (POST
 * /auth/second-factor/verify) and tries again. Users without a factor are not asked.
 */
export function requireRecentFactor(user: AuthUser): void {
  if (!user.factor.enrolled) return;
  const at = user.factor.verifiedAt;
  if (at && Date.now() - at.getTime() <= STEP_UP_MAX_AGE_MS) return;
  throw new HttpError(403, secondFactorText.stepUpRequired, undefined, STEP_UP_REQUIRED);
}

/** Starts (or starts again) an enrolment: a new secret, waiting for its first code. */
export async function startEnrolment(db: Db, secrets: FactorSecrets, user: AuthUser) {
  if (await hasConfirmedFactor(db, user.id)) throw conflict(secondFactorText.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = totpOf(secret, user.email);
  const ciphertext = secrets.encrypt(user.id, secret.base32);
  // Only an unconfirmed row is replaced: a racing confirmation keeps its secret.
  const written = await db
    .insert(userFactors)
    .values({ userId: user.id, secretCiphertext: ciphertext })
    .onConflictDoUpdate({
      target: userFactors.userId,
      set: { secretCiphertext: ciphertext, lastStep: 0, createdAt: new Date() },
      setWhere: isNull(userFactors.confirmedAt),
    })
    .returning({ userId: userFactors.userId });
  if (written.length === 0) throw conflict(secondFactorText.alreadyEnrolled);
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: secret.base32,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

type CodeCheck = 'ok' | 'invalid' | 'replay';

/** The time step a 6-digit code belongs to (now, or one either side), else null. */
function stepOf(secretBase32: string, code: string): number | null {
  const totp = totpOf(OTPAuth.Secret.fromBase32(secretBase32), ISSUER);
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

/**
 * Checks a code of a user's factor (confirmed or not, as `confirmed` says) and uses it up:
 * an app code's step becomes the newest accepted, a recovery code is marked used.
 */
async function useCode(
  tx: Tx,
  secrets: FactorSecrets,
  userId: number,
  code: string,
  options: { confirmed: boolean; recovery: boolean },
): Promise<CodeCheck> {
  const [factor] = await tx.select().from(userFactors).where(eq(userFactors.userId, userId));
  if (!factor || Boolean(factor.confirmedAt) !== options.confirmed) return 'invalid';
  if (/^\d{6}$/.test(code)) {
    const step = stepOf(secrets.decrypt(userId, factor.secretCiphertext), code);
    if (step === null) return 'invalid';
    const used = await tx
      .update(userFactors)
      .set({ lastStep: step })
      .where(and(eq(userFactors.userId, userId), lt(userFactors.lastStep, step)))
      .returning({ userId: userFactors.userId });
    return used.length > 0 ? 'ok' : 'replay';
  }
  if (!options.recovery) return 'invalid';
  const unused = await tx
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    // Claimed in one statement: two racing sign-ins cannot both use it.
    const claimed = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return claimed.length > 0 ? 'ok' : 'replay';
  }
  return 'invalid';
}

/**
 * A code checked under the sign-in limits: refused with 429 while the address, the email
 * from it or the account has failed too often; a wrong code counts as a failure; a right
 * one clears the email's and the account's counts. Answers in the caller's transaction.
 */
export async function checkCodeLimited(
  db: Db,
  secrets: FactorSecrets,
  who: SignInAttempt & { account: number },
  limits: FailureLimits,
  code: string,
  options: { confirmed: boolean; recovery: boolean },
  onSuccess: (tx: Tx) => Promise<void>,
): Promise<void> {
  if (await isLimited(db, who, limits)) throw new HttpError(429, authText.tooManyAttempts);
  const result = await db.transaction(async (tx) => {
    const check = await useCode(tx, secrets, who.account, code, options);
    if (check !== 'ok') return check;
    await clearFailures(tx, who);
    await onSuccess(tx);
    return check;
  });
  if (result === 'ok') return;
  await recordFailure(db, who, limits);
  throw unauthorized(
    result === 'replay' ? secondFactorText.codeReused : secondFactorText.invalidCode,
  );
}

/** A signed-in user's own code, under the same limits as a sign-in from their address. */
function checkOwnCode(
  db: Db,
  secrets: FactorSecrets,
  user: AuthUser,
  code: string,
  attempt: { ip: string; limits: FailureLimits },
  options: { confirmed: boolean; recovery: boolean },
  onSuccess: (tx: Tx) => Promise<void>,
): Promise<void> {
  const who = { email: user.email, ip: attempt.ip, account: user.id };
  return checkCodeLimited(db, secrets, who, attempt.limits, code, options, onSuccess);
}

function newRecoveryCode(): string {
  // 10 characters of base32 (50 bits), shown as xxxxx-xxxxx.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % 32]).join('');
}

/** Fresh recovery codes for a user (the old ones go); answers them as shown, once. */
async function issueRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/**
 * Confirms an enrolment with its first code: the factor counts from now, this session has
 * proved it, the user's other sessions that never did end, and the recovery codes are
 * answered (only now; only their hashes are kept).
 */
export async function confirmEnrolment(
  db: Db,
  secrets: FactorSecrets,
  user: AuthUser,
  code: string,
  attempt: { ip: string; limits: FailureLimits },
): Promise<string[]> {
  const [factor] = await db
    .select({ confirmedAt: userFactors.confirmedAt })
    .from(userFactors)
    .where(eq(userFactors.userId, user.id));
  if (!factor) throw conflict(secondFactorText.noEnrolment);
  if (factor.confirmedAt) throw conflict(secondFactorText.alreadyEnrolled);
  let codes: string[] = [];
  await checkOwnCode(
    db,
    secrets,
    user,
    code,
    attempt,
    { confirmed: false, recovery: false },
    async (tx) => {
      const now = new Date();
      await tx.update(userFactors).set({ confirmedAt: now }).where(eq(userFactors.userId, user.id));
      await tx
        .update(sessions)
        .set({ factorVerifiedAt: now })
        .where(eq(sessions.id, user.sessionId));
      // Sessions opened by the password alone (another browser) do not get the factor free.
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'factor-enrolled' })
        .where(
          and(
            eq(sessions.userId, user.id),
            ne(sessions.id, user.sessionId),
            isNull(sessions.revokedAt),
            isNull(sessions.factorVerifiedAt),
          ),
        );
      codes = await issueRecoveryCodes(tx, user.id);
    },
  );
  return codes;
}

/** A code asked again (before a withdrawal): this session has proved the factor now. */
export async function stepUp(
  db: Db,
  secrets: FactorSecrets,
  user: AuthUser,
  code: string,
  attempt: { ip: string; limits: FailureLimits },
): Promise<void> {
  if (!(await hasConfirmedFactor(db, user.id))) throw conflict(secondFactorText.notEnrolled);
  await checkOwnCode(
    db,
    secrets,
    user,
    code,
    attempt,
    { confirmed: true, recovery: true },
    async (tx) => {
      await tx
        .update(sessions)
        .set({ factorVerifiedAt: new Date() })
        .where(eq(sessions.id, user.sessionId));
    },
  );
}

/** A lender turns its factor off with a code; refused while a business requires it. */
export async function disableFactor(
  db: Db,
  secrets: FactorSecrets,
  user: AuthUser,
  code: string,
  attempt: { ip: string; limits: FailureLimits },
): Promise<void> {
  const requiredBy = await requirementOf(db, user);
  if (requiredBy === 'role') throw forbidden(secondFactorText.factorRequiredByRole);
  if (requiredBy === 'business') throw conflict(secondFactorText.factorRequiredByBusiness);
  if (!(await hasConfirmedFactor(db, user.id))) throw conflict(secondFactorText.notEnrolled);
  await checkOwnCode(
    db,
    secrets,
    user,
    code,
    attempt,
    { confirmed: true, recovery: true },
    async (tx) => {
      // A business may have started requiring it meanwhile: its row is read again here.
      if ((await requirementOf(tx, user)) !== null) {
        throw conflict(secondFactorText.factorRequiredByBusiness);
      }
      await removeFactor(tx, user.id);
    },
  );
}

async function removeFactor(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userFactors).where(eq(userFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.update(sessions).set({ factorVerifiedAt: null }).where(eq(sessions.userId, userId));
}

/**
 * A super admin resets someone's second factor (a lost phone and lost recovery codes): the
 * factor and its codes go, every session of that user ends, and the audit log keeps it.
 * An administrator then sets up a new one at the next sign-in.
 */
export async function resetFactor(db: Db, actor: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) throw notFound(secondFactorText.userNotFound);
    if (target.role === 'agent') throw conflict(secondFactorText.agentsNoFactor);
    const [had] = await tx
      .select({ confirmedAt: userFactors.confirmedAt })
      .from(userFactors)
      .where(eq(userFactors.userId, userId));
    await removeFactor(tx, userId);
    await endUserSessions(tx, userId, 'factor-reset');
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user.second-factor-reset',
      subjectType: target.role === 'lender' ? 'lender' : 'admin',
      subjectId: target.id,
      details: { name: target.email, role: target.role, hadFactor: Boolean(had?.confirmedAt) },
    });
  });
}

/**
 * A lender makes one of its businesses require (or stop requiring) its second factor. Only
 * with a factor confirmed; stopping asks for a fresh code like a withdrawal does.
 */
export async function setBusinessRequirement(
  db: Db,
  user: AuthUser,
  businessId: number,
  required: boolean,
): Promise<void> {
  const [business] = await db
    .select({ id: lenderBusinesses.id })
    .from(lenderBusinesses)
    .where(and(eq(lenderBusinesses.id, businessId), eq(lenderBusinesses.lenderId, user.id)));
  if (!business) throw notFound('Business not found.');
  if (required && !(await hasConfirmedFactor(db, user.id))) {
    throw conflict(secondFactorText.enrolBeforeRequiring);
  }
  if (!required) requireRecentFactor(user);
  await db
    .update(lenderBusinesses)
    .set({ requiresSecondFactor: required, updatedAt: new Date() })
    .where(eq(lenderBusinesses.id, businessId));
}
