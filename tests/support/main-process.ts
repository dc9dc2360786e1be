/**
 * Runs the real entry point as a child process, compiled as `npm start` runs it
 * (dist-server/main.js, which the server tests' global setup builds when it is older than
 * the sources), as an operator would, and reads what it prints.
 */
import { compiledEntryPoint } from '../../server/paths';
import { spawn, type ChildProcess } from 'node:child_process';

export type MainProcess = {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once it listens (true) or exits (false). */
  started: Promise<boolean>;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
};

export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, [compiledEntryPoint('server/main.ts')], {
    env: {
      ...process.env,
      SERVE_CLIENT: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started = new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Mkopo is running at')) setTimeout(() => resolve(true), 100);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolve(false));
  });
  return {
    child,
    output: () => output,
    started,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
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
