/**
 * First start on an empty database: creates the super_admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password that is printed once. Several instances
 * may start together on one PostgreSQL database: the creation runs under an advisory
 * lock and looks again inside it, so the one that comes second finds the admin the
 * first just created and carries on.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { admins, users } from './db/schema';
import { hashPassword } from './lib/passwords';

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

// Any constant: one instance at a time creates the first admin.
const BOOTSTRAP_LOCK_KEY = 7_315_003;

async function superAdminExists(db: Tx): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .limit(1);
  return existing !== undefined;
}

export async function ensureSuperAdmin(
  db: Db,
  options: { email: string; password: string | undefined },
): Promise<BootstrapResult> {
  if (await superAdminExists(db)) return { created: false };

  // Hashed before the lock is taken (it is slow), used only if this instance creates it.
  const generatedPassword = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  const created = await db.transaction(async (tx) => {
    // Released with the transaction; the embedded database has one process anyway.
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (await superAdminExists(tx)) return 'exists';
    const [user] = await tx
      .insert(users)
      .values({ email: options.email, passwordHash, role: 'super_admin', status: 'active' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return 'taken';
    await tx.insert(admins).values({ id: user.id, name: 'Platform administrator' });
    return 'created';
  });
  if (created === 'exists') return { created: false };
  if (created === 'taken') {
    throw new Error(
      `ADMIN_EMAIL ${options.email} already belongs to a non-admin account; choose another address.`,
    );
  }
  return { created: true, email: options.email, generatedPassword };
}

/** 18 random characters with upper, lower, digits and a symbol. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-Mk7`;
}
