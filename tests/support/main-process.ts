/**
 * Runs the real entry point as a child process, compiled as `npm start` runs it
 * (dist-server/main.js, which the server tests' global setup builds when it is older than
 * the sources), as an operator would, and reads what it prints: the first-start and
 * migration tests read its words, the crash tests kill it (SIGKILL: no shutdown, nothing
 * flushed by us) and start it again on the same data directory, reading its log lines as a
 * test server's.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_CALLBACK_SECRET, type TestServer } from './test-server';

export type MainOptions = {
  /**
   * A server the fixtures can use as a test server: its own embedded database in this data
   * directory, on `port`, with the test admin and M-Pesa callback secret, its jobs running
   * and info logs. Without it: port 0, jobs off, warnings only.
   */
  dataDir?: string;
  port?: number;
  /** Runs another copy of the server instead (the release check: a release's folder). */
  launch?: { args: string[]; cwd?: string };
};

export type MainProcess = {
  child: ChildProcess;
  /** What the fixtures need of a server: its URLs and its JSON log lines. */
  server: TestServer;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once it listens (true) or exits (false). */
  started: Promise<boolean>;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** Sends the signal (SIGTERM unless told) unless it has exited; answers how it ended. */
  stop: (signal?: NodeJS.Signals) => Promise<NodeJS.Signals | number | null>;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function startMain(env: Record<string, string>, options: MainOptions = {}): MainProcess {
  const { dataDir, port = 0 } = options;
  const asTestServer = dataDir !== undefined;
  const launch = options.launch ?? { args: [compiledEntryPoint('server/main.ts')] };
  const child = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    env: {
      ...process.env,
      SERVE_CLIENT: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(asTestServer
        ? {
            DATABASE_URL: '',
            DATA_DIR: dataDir,
            JOBS_ENABLED: 'true',
            LOG_LEVEL: 'info',
            ADMIN_EMAIL,
            ADMIN_PASSWORD,
            MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
            MKOPO_FAILPOINTS: '',
          }
        : { JOBS_ENABLED: 'false', LOG_LEVEL: 'warn' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const server = { url: '', api: '', logs, config: { dataDir } } as unknown as TestServer;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let output = '';
  let pending = '';
  const started = new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // Not a log line.
        }
      }
      const origin = /Mkopo is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (origin && !server.url) {
        // The origin it reaches itself by, whatever address it printed (HOST may be 0.0.0.0).
        const url = port ? `http://127.0.0.1:${port}` : origin;
        Object.assign(server, { url, api: `${url}/api` });
        // A test server resolves at once; an operator's run lets its first lines out.
        if (asTestServer) resolve(true);
        else setTimeout(() => resolve(true), 100);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve(false));
  });
  return {
    child,
    server,
    output: () => output,
    started,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once the server listens; rejects with what it printed when it exits first. */
export async function listening(main: MainProcess): Promise<MainProcess> {
  if (await main.started) return main;
  throw new Error(`server exited (${String(await main.exited)}):\n${main.output()}`);
}

/** Runs a script (`server/…ts`, compiled) to its end; answers its exit code and output. */
export function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntryPoint(file), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
