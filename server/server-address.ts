/**
 * Where the server of a DATA_DIR listens: each start writes DATA_DIR/server.json, so a
 * local script given that DATA_DIR (npm run mpesa:pay) finds its server without --url.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'server.json';

/** The address a client on this machine reaches a listener at (0.0.0.0 is not one). */
export function localOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export function recordServerAddress(dataDir: string, origin: string): void {
  writeFileSync(
    path.join(dataDir, FILE),
    `${JSON.stringify({ url: origin, pid: process.pid })}\n`,
    {
      mode: 0o600,
    },
  );
}

/** The origin of the server that last started on this DATA_DIR, while its process lives. */
export function runningServerOrigin(dataDir: string): string | null {
  let recorded: { url?: unknown; pid?: unknown };
  try {
    recorded = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as typeof recorded;
  } catch {
    return null;
  }
  if (typeof recorded.url !== 'string' || !Number.isSafeInteger(recorded.pid)) return null;
  try {
    process.kill(recorded.pid as number, 0);
  } catch (error) {
    // EPERM: it lives, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return recorded.url;
}
