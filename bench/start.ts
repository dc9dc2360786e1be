/**
 * `npm run bench:start`: how long a start takes, from the process's launch to the first
 * 200 of GET /api/health/ready, on an existing embedded database (a restart: the first
 * start's database creation is not counted), with the default settings (PGlite, the PWA
 * served, jobs on). It compares, in one run, the sources through tsx (`npm run dev`'s way,
 * and `npm start`'s before the build) with the compiled server `npm start` runs, alternating
 * them so both meet the same load. Prints the medians, the CPU each start used (user +
 * system: what load does not change) and the load average; asserts nothing.
 *
 *   npm run bench:start -- [--rounds 5] [--before dist-before]
 *
 * `--before` names a copy of an earlier build's dist-server/, a folder of the project's root
 * (it finds the migrations and the PWA from there as dist-server/ does): its start alternates
 * with the others, so a change is measured before and after under the same load.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildClientIfStale } from '../build/client-build';
import { projectRoot } from '../server/paths';
import { freePort } from '../tests/support/main-process';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, before: { type: 'string' } },
});
const rounds = Number(values.rounds);

const forms: Record<string, string[]> = {
  'tsx server/main.ts': ['--import', 'tsx', 'server/main.ts'],
  'node dist-server/main.js': ['dist-server/main.js'],
};
if (values.before) {
  const before = path.relative(projectRoot, path.resolve(values.before));
  forms[`node ${before}/main.js`] = [path.join(before, 'main.js')];
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** The process's CPU time so far (user + system, ms), from /proc; undefined elsewhere. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** One start: launch → the first 200 of /api/health/ready; then SIGTERM and wait. */
async function timeStart(form: string, dataDir: string): Promise<{ ms: number; cpuMs?: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, forms[form]!, {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${form} exited:\n${errors}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

buildClientIfStale(say);
// The compiled server of these very sources.
const built = spawnSync('npm', ['run', '-s', 'build:server'], {
  cwd: projectRoot,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-start-'));
try {
  say(`Creating the database in ${dataDir} (a first start, not counted)…`);
  await timeStart('node dist-server/main.js', dataDir);
  const loadBefore = load();
  const times = new Map<string, { ms: number; cpuMs?: number }[]>(
    Object.keys(forms).map((form) => [form, []]),
  );
  for (let round = 1; round <= rounds; round++) {
    for (const form of Object.keys(forms)) times.get(form)!.push(await timeStart(form, dataDir));
  }
  say('');
  say(
    `Start to /api/health/ready on an existing PGlite DATA_DIR, ${rounds} starts each, alternating ` +
      `(${availableParallelism()} CPUs; load average ${loadBefore} before, ${load()} after):`,
  );
  for (const [form, runs] of times) {
    const ms = runs.map((run) => run.ms);
    const cpu = runs.flatMap((run) => (run.cpuMs === undefined ? [] : [run.cpuMs]));
    say(
      `  ${form.padEnd(30)} median ${seconds(median(ms))} (${seconds(Math.min(...ms))}–${seconds(Math.max(...ms))})` +
        (cpu.length ? `, CPU ${seconds(median(cpu))}` : ''),
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
