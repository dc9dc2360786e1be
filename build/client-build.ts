/**
 * For developers only: the end-to-end tests and the benches build the PWA first when dist/
 * is missing or older than any client source, so they never drive yesterday's client; the
 * server tests build dist-server/ the same way before they run its compiled entry points
 * as child processes, as `npm start` and the operator's scripts run them.
 * The server never calls this: `npm run build` (run by `npm ci`) builds the release, and a
 * start only checks that it is there (server/client-build.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../server/paths';

const clientSources = [
  'src',
  'sw',
  'build',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** The server's sources: its own, the domain and texts it shares with the client, the build. */
const serverSources = ['server', 'src', 'build', 'package-lock.json'];

/** `stamp` (a file every build writes) is missing or older than one of `sources`. */
function isStale(root: string, stamp: string, sources: string[]): boolean {
  if (!existsSync(path.join(root, stamp))) return true;
  const built = statSync(path.join(root, stamp)).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export function clientBuildIsStale(root = projectRoot): boolean {
  return isStale(root, path.join('dist', 'index.html'), clientSources);
}

/**
 * Vite warns, at every build, that a config loader it plans for a future major version
 * would not read this config: its imports name no `.ts` extension (allowImportingTsExtensions
 * is off throughout the project). Its loader today reads it; `npm run build` sets the same.
 */
const quietConfigLoader = { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };

export function buildClientIfStale(log: (line: string) => void): void {
  if (!clientBuildIsStale()) return;
  log('Building the PWA (dist/ is missing or older than the sources)…');
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      // Always the production build: under vitest NODE_ENV is "test", which would make
      // Vite bundle React's development build (double effects, slow renders).
      env: { ...process.env, NODE_ENV: 'production', ...quietConfigLoader },
    },
  );
  if (result.status !== 0) throw new Error('The PWA build failed; see the output above.');
}

export function buildServerIfStale(log: (line: string) => void): void {
  if (!isStale(projectRoot, path.join('dist-server', 'main.js'), serverSources)) return;
  log('Building the server (dist-server/ is missing or older than the sources)…');
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'build/server.ts'],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The server build failed; see the output above.');
}
