import { compiledEntryPoint } from '../../server/paths';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../support/test-server';

/**
 * Runs the real entry point (`npm start`'s dist-server/main.js) on an empty data directory,
 * as a newcomer would, and reads what it prints.
 */
function startMain(
  env: Record<string, string>,
): Promise<{ output: string; stop: () => Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntryPoint('server/main.ts')], {
      env: {
        ...process.env,
        SERVE_CLIENT: 'false',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    let output = '';
    const stop = () =>
      new Promise<number | null>((done) => {
        if (child.exitCode !== null) return done(child.exitCode);
        child.once('exit', (code) => done(code));
        child.kill('SIGTERM');
      });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Mkopo is running at')) {
        setTimeout(() => resolve({ output, stop }), 100);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => resolve({ output, stop }));
    child.once('error', reject);
  });
}

describe.skipIf(usingPostgres())('first start', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mkopo-first-start-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('creates the super admin with a generated password printed once', async () => {
    const dataDir = tempDir();
    const first = await startMain({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    await first.stop();
    expect(first.output).toContain('Created the super admin boss@example.com');
    expect(first.output).toMatch(/password \(shown only this once\): \S{12,}/);

    const second = await startMain({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    await second.stop();
    expect(second.output).toContain('Mkopo is running at');
    expect(second.output).not.toContain('shown only this once');
  });

  it('uses ADMIN_PASSWORD when given, and prints no password', async () => {
    const started = await startMain({
      DATA_DIR: tempDir(),
      ADMIN_EMAIL: 'chief@example.com',
      ADMIN_PASSWORD: 'Chief-Passw0rd',
    });
    await started.stop();
    expect(started.output).toContain('Created the super admin chief@example.com');
    expect(started.output).not.toContain('shown only this once');
  });

  it('stops with one line naming a bad variable', async () => {
    const started = await startMain({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await started.stop()).toBe(1);
    expect(started.output.trim()).toBe(
      'Configuration error: PORT: must be a whole number, got "abc"',
    );
  });
});
