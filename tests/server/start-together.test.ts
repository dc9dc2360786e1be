/**
 * Instances that start together (the README's "Running against PostgreSQL"): two real servers
 * (`npm start`'s main.ts) started at the same moment on one empty PostgreSQL database both come up;
 * the migrations run once (under their advisory lock) and the first-start bootstrap creates one
 * super admin, which the other instance recognises instead of stopping with "already belongs to a
 * non-admin account". PostgreSQL only: the embedded database belongs to one process.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { admins, users } from '../../server/db/schema';
import { startMain, type MainProcess } from '../support/main-process';
import { createPostgresDatabase, usingPostgres } from '../support/test-server';

const running: MainProcess[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const drop of drops) await drop();
});

describe.skipIf(!usingPostgres())('two instances started at once on an empty database', () => {
  // A few pairs: the race is in the timing, and every pair must come up.
  it.each([1, 2])('both come up, with one super admin (pair %i)', async () => {
    const database = await createPostgresDatabase();
    drops.push(database.drop);
    const env = {
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'true',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Boss-Passw0rd!',
      JWT_SECRET: 'a-shared-secret-of-at-least-32-characters',
      MPESA_CALLBACK_SECRET: 'shared-callback-secret-0001',
    };
    const pair = [startMain(env), startMain(env)];
    running.push(...pair);
    const started = await Promise.all(pair.map((server) => server.started));
    const outputs = pair.map((server) => server.output());
    expect(started, outputs.join('\n----\n')).toEqual([true, true]);
    // The one that created the admin says so; the other says nothing about it.
    expect(outputs.filter((output) => output.includes('Created the super admin'))).toHaveLength(1);

    const opened = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' });
    try {
      const superAdmins = await opened.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(admins, eq(admins.id, users.id))
        .where(eq(users.role, 'super_admin'));
      expect(superAdmins).toHaveLength(1);
    } finally {
      await opened.close();
    }
    await Promise.all(pair.map((server) => server.stop()));
  });
});
