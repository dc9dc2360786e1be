/**
 * The real server as its own process (dist-server/main.js, as `npm start` runs it) on an
 * embedded database in a data directory, for the crash tests: they kill it (SIGKILL: no
 * shutdown, nothing flushed by us) and start it again on the same directory, reading its
 * log lines as a test server's.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_CALLBACK_SECRET, type TestServer } from './test-server';

export type Running = {
  /** What the fixtures need of a server: its URLs and its log lines. */
  server: TestServer;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the compiled server on the data directory and port; resolves once it listens.
 * `launch` runs another copy of it instead (the release check: a release's folder).
 */
export function startMain(
  dataDir: string,
  port: number,
  env: Record<string, string>,
  launch: { args: string[]; cwd?: string } = { args: [compiledEntryPoint('server/main.ts')] },
): Promise<Running> {
  const child = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_CLIENT: 'false',
      JOBS_ENABLED: 'true',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET,
      MKOPO_FAILPOINTS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let output = '';
  return new Promise((resolve, reject) => {
    let pending = '';
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
      if (output.includes('Mkopo is running at')) {
        const server = {
          url,
          api: `${url}/api`,
          logs,
          config: { dataDir },
        } as unknown as TestServer;
        resolve({ server, child, exited, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((how) => reject(new Error(`server exited (${String(how)}):\n${output}`)));
  });
}

export async function stop(running: Running, signal: NodeJS.Signals) {
  if (running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill(signal);
  }
  return running.exited;
}
