import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain, type MainProcess } from '../support/main-process';
import { usingPostgres } from '../support/test-server';

/** The real entry point on `env`, once it listens or has exited. */
async function started(env: Record<string, string>): Promise<MainProcess> {
  const main = startMain(env);
  await main.started;
  return main;
}

// Each test starts the real server on a new embedded database (a copy of the build's
// migrated one), the first twice: seconds each, many more on a loaded 2-core machine.
describe.skipIf(usingPostgres())('first start', { timeout: 90_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-first-start-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('creates the super admin with a generated password printed once', async () => {
    const dataDir = tempDir();
    const first = await started({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    await first.stop();
    expect(first.output()).toContain('Created the super admin boss@example.com');
    expect(first.output()).toMatch(/password \(shown only this once\): \S{12,}/);

    const second = await started({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    await second.stop();
    expect(second.output()).toContain('Mkopo is running at');
    expect(second.output()).not.toContain('shown only this once');
  });

  it('uses ADMIN_PASSWORD when given, and prints no password', async () => {
    const main = await started({
      DATA_DIR: tempDir(),
      ADMIN_EMAIL: 'chief@example.com',
      ADMIN_PASSWORD: 'Chief-Passw0rd',
    });
    await main.stop();
    expect(main.output()).toContain('Created the super admin chief@example.com');
    expect(main.output()).not.toContain('shown only this once');
  });

  it('starts from the build’s migrated database: nothing to migrate on a new DATA_DIR', async () => {
    // A server on a database that is behind refuses to start without MIGRATE_ON_START; a
    // new embedded database created at start would be 33 migrations behind.
    const dataDir = tempDir();
    const main = await started({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' });
    await main.stop();
    expect(main.output()).toContain('Mkopo is running at');
    expect(readdirSync(path.join(dataDir, 'pglite'))).not.toContain('mkopo-first-start');
  });

  it('makes the database again after a first start that died while copying it', async () => {
    // What a process killed half-way through the copy leaves: the marker, PG_VERSION and
    // part of the rest.
    const dataDir = tempDir();
    const folder = path.join(dataDir, 'pglite');
    mkdirSync(path.join(folder, 'base'), { recursive: true });
    writeFileSync(path.join(folder, 'mkopo-first-start'), '');
    writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(folder, 'base', 'half-written'), 'x');
    const main = await started({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' });
    await main.stop();
    expect(main.output()).toContain('Mkopo is running at');
    expect(existsSync(path.join(folder, 'mkopo-first-start'))).toBe(false);
    expect(existsSync(path.join(folder, 'base', 'half-written'))).toBe(false);
  });

  it('stops with one line naming a bad variable', async () => {
    const main = await started({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await main.stop()).toBe(1);
    expect(main.output().trim()).toBe(
      'Configuration error: PORT: must be a whole number, got "abc"',
    );
  });
});
