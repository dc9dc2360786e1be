/**
 * `npm run bench:lighthouse`: Lighthouse's mobile run (its default: an emulated mid-range
 * phone on slow 4G, simulated throttling) of the landing page and the agent and lender
 * login pages in Debian's Chromium (issues 7 and 15, "Performance"), against the real server (`npm start`)
 * started on a free port with a throw-away database. Prints the performance score, LCP,
 * TBT, CLS and the accessibility score (median of RUNS runs, default 3), and whether
 * Chromium calls the app installable. Lighthouse 12 has no installability audit any more,
 * so that is Chromium's own answer (Page.getInstallabilityErrors) once the service worker
 * controls the page, and Lighthouse's benchmarkIndex of each run (the machine's speed under
 * its load at that moment). Writes each page's median HTML report to a temporary folder.
 * LIGHTHOUSE_URL=http://host:port audits a server that is already running instead.
 * CPU_SLOWDOWN=N simulates a CPU N times slower than this machine instead of Lighthouse's 4:
 * Lighthouse's advice for a machine faster or slower than the one its scores assume is to
 * scale the multiplier by the benchmarkIndex, so BENCHMARK_INDEX=1500 sets it to
 * 4 × (this machine's benchmarkIndex, measured first) / 1500, to score as on such a machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { buildClientIfStale } from '../build/client-build';
import { projectRoot } from '../server/paths';

const PAGES = process.env.PAGES?.split(',') ?? ['/', '/login/agent', '/login/lender'];
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Server = { url: string; stop: () => Promise<void> };

/** `npm start` on a free port with a throw-away DATA_DIR; resolves once it listens. */
async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-lighthouse-data-'));
  // The embedded database, whatever the shell says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Mkopo is running at (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function median<T>(items: T[], by: (item: T) => number): T {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
}

/** Lighthouse's mobile throttling, its CPU multiplier changed when asked (CPU_SLOWDOWN). */
let cpuSlowdown = Number(process.env.CPU_SLOWDOWN ?? 4);

async function audit(
  url: string,
  port: number,
  attempt = 1,
): Promise<{ lhr: Result; html: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttling: {
      ...lighthouseConstants.throttling.mobileSlow4G,
      cpuSlowdownMultiplier: cpuSlowdown,
    },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const failure = result.lhr.runtimeError;
  // A trace Lighthouse could not read (NO_NAVSTART, on a page's first audit on a fresh
  // server now and then) is its own failure, and it asks to be run again: once more.
  if (failure && failure.code === 'NO_NAVSTART' && attempt < 3)
    return audit(url, port, attempt + 1);
  if (failure) throw new Error(failure.message);
  return { lhr: result.lhr, html: String(result.report) };
}

/** Chromium's installability errors for `url`, once its service worker controls the page. */
async function installabilityErrors(url: string, port: number): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await page.close();
    return installabilityErrors.map((error) => error.errorId);
  } finally {
    await browser.close();
  }
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));

const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
if (!given) buildClientIfStale((line) => console.log(line));
const server: Server = given ? { url: given, stop: async () => undefined } : await startServer();
let chrome: LaunchedChrome | undefined;
try {
  chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const reports = mkdtempSync(path.join(tmpdir(), 'mkopo-lighthouse-'));
  const targetIndex = Number(process.env.BENCHMARK_INDEX ?? 0);
  if (targetIndex > 0) {
    // One run to measure this machine, then the multiplier that makes it that machine.
    const probe = await audit(`${server.url}${PAGES[0]}`, chrome.port);
    const measured = probe.lhr.environment.benchmarkIndex;
    cpuSlowdown = Math.round(((4 * measured) / targetIndex) * 10) / 10;
    console.log(
      `benchmarkIndex here ${Math.round(measured)}; CPU slowdown ${cpuSlowdown}× to score as at ${targetIndex}`,
    );
  }
  const rows: string[][] = [];
  let environment = '';
  for (const pagePath of PAGES) {
    const url = `${server.url}${pagePath}`;
    const runs: { lhr: Result; html: string }[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, chrome.port));
    const { lhr, html } = median(runs, (r) => r.lhr.categories.performance?.score ?? 0);
    const name = pagePath === '/' ? 'landing' : pagePath.slice(1).replace(/\//g, '-');
    writeFileSync(path.join(reports, `${name}.html`), html);
    // The JSON too: what Lantern counted before the paint (lcp-breakdown, network-requests,
    // critical-request-chains) is the figure that does not drift with the machine's load.
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
    environment = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}; CPU slowdown ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×`;
    // A service worker that never takes the page (a timeout) is an answer, not a crash: the
    // scores measured so far still print.
    const errors = await installabilityErrors(url, chrome.port).catch((error: unknown) => [
      `not checked: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    ]);
    rows.push([
      pagePath,
      score(lhr.categories.performance?.score),
      ms(lhr.audits['largest-contentful-paint']?.numericValue),
      ms(lhr.audits['total-blocking-time']?.numericValue),
      (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
      score(lhr.categories.accessibility?.score),
      errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`,
      // How fast Lighthouse found this machine (and its load) during these runs: a score
      // means little without it.
      runs.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join('/'),
    ]);
  }

  const head = [
    'Page',
    'Performance',
    'LCP',
    'TBT',
    'CLS',
    'Accessibility',
    'Installable',
    'benchmarkIndex per run',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n${environment}; median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`);
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log(`\nReports: ${reports}`);
} finally {
  chrome?.kill();
  await server.stop();
}
