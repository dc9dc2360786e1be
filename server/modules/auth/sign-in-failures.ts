/**
 * Failed sign-ins, counted in the database (`auth_failures`) so every API instance sees
 * the same counts: per client address, and per email and address, in a fixed window.
 * Only failures count, and a correct password is refused only while one of those two
 * counts is over its limit: someone typing wrong passwords for another person's email
 * from their own address cannot lock that person out of signing in from theirs.
 */
import { createHash } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authFailures } from '../../db/schema';

export type FailureLimits = {
  /** Failures allowed from one address (any email) per window. */
  perIp: number;
  /** Failures allowed for one email from one address per window. */
  perEmailAndIp: number;
  windowMs: number;
};

/**
 * `account` is set on the code step of a sign-in (and any other second-factor code): wrong
 * codes count against the address and the email from it like wrong passwords, and also
 * against the account from every address, since whoever types them already has the password.
 */
export type SignInAttempt = { email: string; ip: string; account?: number };

/** At most this many stale counters go per prune. */
const PRUNE_BATCH = 100;

function keysOf(attempt: SignInAttempt) {
  // The email is hashed: no addresses in this table, and a key of bounded length.
  const emailAndIp = createHash('sha256').update(`${attempt.email}\n${attempt.ip}`).digest('hex');
  return {
    ip: `ip:${attempt.ip}`,
    emailAndIp: `email-ip:${emailAndIp}`,
    account: attempt.account === undefined ? null : `factor-account:${attempt.account}`,
  };
}

function keyList(keys: ReturnType<typeof keysOf>): string[] {
  return [keys.ip, keys.emailAndIp, ...(keys.account ? [keys.account] : [])];
}

/** True while this address, or this email from this address, has failed too often. */
export async function isLimited(
  tx: Tx,
  attempt: SignInAttempt,
  limits: FailureLimits,
): Promise<boolean> {
  const keys = keysOf(attempt);
  const rows = await tx
    .select({ key: authFailures.key, count: authFailures.count })
    .from(authFailures)
    .where(
      and(
        inArray(authFailures.key, keyList(keys)),
        gt(authFailures.windowStartedAt, new Date(Date.now() - limits.windowMs)),
      ),
    );
  return rows.some(
    (row) => row.count >= (row.key === keys.ip ? limits.perIp : limits.perEmailAndIp),
  );
}

/** Counts one failure against the address and against the email from that address. */
export async function recordFailure(
  tx: Tx,
  attempt: SignInAttempt,
  limits: FailureLimits,
): Promise<void> {
  const keys = keysOf(attempt);
  const now = new Date().toISOString();
  const windowStart = new Date(Date.now() - limits.windowMs).toISOString();
  const rows = sql.join(
    keyList(keys).map((key) => sql`(${key}, ${now}::timestamptz, 1)`),
    sql`, `,
  );
  // A counter whose window is over starts a new window at 1.
  await tx.execute(sql`
    insert into auth_failures (key, window_started_at, count)
    values ${rows}
    on conflict (key) do update set
      window_started_at = case when auth_failures.window_started_at <= ${windowStart}::timestamptz
        then excluded.window_started_at else auth_failures.window_started_at end,
      count = case when auth_failures.window_started_at <= ${windowStart}::timestamptz
        then 1 else auth_failures.count + 1 end`);
}

/**
 * After a correct password: the email's failures from this address are forgiven; after a
 * correct code, the account's wrong codes too.
 */
export async function clearFailures(tx: Tx, attempt: SignInAttempt): Promise<void> {
  const keys = keysOf(attempt);
  await tx
    .delete(authFailures)
    .where(inArray(authFailures.key, [keys.emailAndIp, ...(keys.account ? [keys.account] : [])]));
}

/** Deletes a bounded batch of counters whose window is over (run on sign-in). */
export async function pruneStaleFailures(tx: Tx, limits: FailureLimits): Promise<void> {
  const windowStart = new Date(Date.now() - limits.windowMs).toISOString();
  await tx.execute(sql`
    delete from auth_failures where key in (
      select key from auth_failures where window_started_at <= ${windowStart}::timestamptz
      limit ${PRUNE_BATCH})`);
}
