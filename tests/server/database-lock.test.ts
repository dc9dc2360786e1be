import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase, type Database } from '../../server/db/client';

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-lock-'));
  dirs.push(dir);
  return dir;
}

async function open(dir: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  opened.push(database);
  return database;
}

describe('the embedded database belongs to one process', () => {
  it('refuses a second opener while the first is open, and lets it in after close', async () => {
    const dir = dataDir();
    const first = await open(dir);
    await expect(openDatabase({ databaseUrl: undefined, dataDir: dir })).rejects.toBeInstanceOf(
      DatabaseInUseError,
    );
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const second = await open(dir);
    expect(await second.ping()).toBe(true);
  });

  it("takes over a dead process's lock", async () => {
    const dir = dataDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    const pid = dead.pid!;
    await new Promise((resolve) => dead.once('exit', resolve));
    const first = await open(dir);
    await first.close();
    opened.splice(0);
    writeFileSync(path.join(dir, 'pglite', 'mkopo.lock'), String(pid));
    const database = await open(dir);
    expect(await database.ping()).toBe(true);
  });

  it('the fines command refuses to open a database a server holds, and says what to do', async () => {
    const dir = dataDir();
    await open(dir);
    const child = spawn(
      process.execPath,
      [compiledEntryPoint('server/jobs/run-fines.ts'), '--date', '2026-11-22'],
      { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('is in use by process');
    expect(stderr).toContain('/admin/jobs/fines');
  });
});
