/**
 * Starts ./server-child.ts (the API on an in-memory PGlite) as its own Node process and
 * answers a handle the test fixtures accept (they need its URLs and its DATA_DIR, where
 * the mails they follow land), plus `query` to read the database at the end and `close`.
 * BENCH_CPU_PROF=<dir> runs the child under `node --cpu-prof`, its profile written there
 * when it closes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../server/paths';
import type { TestServer } from '../../tests/support/test-server';
import type { ChildAnswer, ChildReady, ChildRequest } from './server-child';

export type ServerProcess = {
  /** What the fixtures read of a server: url, api, config.dataDir. */
  server: TestServer;
  child: ChildProcess;
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  /** The server process's CPU time so far (user + system), in ms. */
  cpuMs: () => Promise<number>;
  close: () => Promise<void>;
};

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(path.join(projectRoot, 'bench/support/server-child.ts'), [], {
    cwd: projectRoot,
    execArgv: [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []),
    ],
    env: { ...process.env, BENCH_SERVER_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = await new Promise<ChildReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ChildReady));
    void exited.then((code) => reject(new Error(`the server process exited (${code})`)));
  });

  let nextId = 0;
  const waiting = new Map<number, (answer: ChildAnswer) => void>();
  child.on('message', (message: ChildAnswer) => {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const ask = (request: { query: string } | { cpu: true }) =>
    new Promise<ChildAnswer>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, (answer) =>
        answer.error ? reject(new Error(answer.error)) : resolve(answer),
      );
      child.send({ id: nextId, ...request } satisfies ChildRequest);
    });
  const query = async (sql: string) => (await ask({ query: sql })).rows ?? [];
  const cpuMs = async () => (await ask({ cpu: true })).cpuMs ?? 0;

  const server = {
    url: ready.url,
    api: ready.api,
    config: { dataDir: ready.dataDir },
    logs: [],
  } as unknown as TestServer;
  return {
    server,
    child,
    query,
    cpuMs,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.send({ close: true } satisfies ChildRequest);
      }
      await exited;
    },
  };
}
