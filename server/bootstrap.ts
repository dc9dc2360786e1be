/**
 * First start on an empty database: creates the super_admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password that is printed once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { admins, users } from './db/schema';
import { hashPassword } from './lib/passwords';

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

export async function ensureSuperAdmin(
  db: Db,
  options: { email: string; password: string | undefined },
): Promise<BootstrapResult> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .limit(1);
  if (existing) return { created: false };

  const generatedPassword = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: options.email, passwordHash, role: 'super_admin', status: 'active' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return false;
    await tx.insert(admins).values({ id: user.id, name: 'Platform administrator' });
    return true;
  });
  if (!created) {
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
