/**
 * `npm run bench:phone`: an agent's day on a cheap phone, measured from outside in
 * Chromium (390×844, touch) on the demo book (`seed:demo`, written into a throw-away
 * DATA_DIR), with the CPU slowed over CDP (Emulation.setCPUThrottlingRate) at 1×, 4× and
 * 6× in one run. The app is installed first (the service worker controls the page, its
 * precache and the working set filled); each run opens a fresh page in that installed app:
 *
 * 1. open the app to the dashboard's heading (navigation start → the frame that paints it),
 *    and to its first contentful paint (the shell's placeholder, before the app's code); and
 *    the time the main thread spent in tasks until then (CDP Performance metrics'
 *    TaskDuration, throttled as the rest): the open's work without its waits;
 * 2. tap the user menu → the menu is on the screen; (Escape)
 * 3. tap Borrowers in the bottom bar → the borrowers are listed;
 * 4. tap Create Borrower → the dialog and its First Name field;
 * 5. type a first name: each key's latency from the Event Timing API (PerformanceObserver
 *    'event' entries, durationThreshold 16 ms: a key under 16 ms counts as 16);
 *    (Cancel, Discard)
 * 6. tap Loan Application → its form; type an amount, each key likewise;
 * and the long tasks of the whole journey (PerformanceObserver 'longtask': count, total,
 * longest), and the time its main thread spent in tasks. A tap's time runs from
 * the touch's timestamp to the frame that paints the screen (a MutationObserver asks for an
 * animation frame, which finds the screen in the DOM; a message after that frame marks the
 * paint).
 *
 * Prints the medians of `--runs` runs per rate (default 5), the fastest and slowest run in
 * brackets, and the machine's load average at the start and the end. Asserts nothing.
 * `--before <dir>` serves a second client build (a `dist/` copied aside) from a second server
 * on the same database, installed alike, its runs interleaved with this build's (each going
 * first in turn), so a change is measured before and after in the same run under the same
 * load.
 *
 * After the table: the longest task of each step, and with `--profile <dir>`, one more
 * journey at the highest rate whose page is profiled step by step (`<step>.cpuprofile`),
 * each step also in a Chrome trace (`<step>.trace.json`, for DevTools' Performance panel).
 *
 * Each build is installed in a fresh browser profile of its own (install() says why);
 * `--incognito` uses an in-memory context instead.
 *
 * `--borrowers N` registers N more borrowers for the agent first (an agent with a long list).
 *
 *   npm run bench:phone -- [--runs 5] [--rates 1,4,6] [--before /tmp/dist-before] [--profile /tmp/p] [--incognito] [--borrowers 500]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { buildClientIfStale } from '../build/client-build';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { sql } from 'drizzle-orm';
import { projectRoot } from '../server/paths';
import { agentEmail, DEMO_PASSWORD } from '../server/scripts/demo-book';
import { borrowersText } from '../src/i18n/borrowers';
import { dashboardsText } from '../src/i18n/dashboards';
import { loansText } from '../src/i18n/loans';
import { shellText } from '../src/i18n/shell';
import { storageKeys } from '../src/lib/storage-keys';
import { paths } from '../src/lib/paths';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { PHONE } from '../tests/e2e/support';
import { registerBorrower } from '../tests/support/fixtures';
import type { TestServer } from '../tests/support/test-server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rates: { type: 'string', default: '1,4,6' },
    incognito: { type: 'boolean', default: false },
    before: { type: 'string' },
    profile: { type: 'string' },
    borrowers: { type: 'string', default: '0' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const RATES = values.rates!.split(',').map(Number);
const MORE_BORROWERS = Math.max(0, Number(values.borrowers));

const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** What the page watches for, by name (the page's CSP allows no code built from strings). */
const TEXTS = {
  dashboard: dashboardsText.agentTitle,
  borrowers: borrowersText.listTitle,
  createBorrower: borrowersText.createTitle,
  loanApplication: loansText.applicationTitle,
  borrowersPath: paths.dashboard.borrowers,
  loanApplicationPath: paths.dashboard.loanApplication,
};

/**
 * Runs in every page before its own scripts: the long tasks, the Event Timing entries,
 * the touches' timestamps, and watchers that note when a screen is in the DOM and then
 * the frame that paints it.
 */
function instrument(texts: typeof TEXTS) {
  type Mark = { dom: number; painted?: number };
  const phone = {
    longTasks: [] as { start: number; duration: number }[],
    events: [] as { name: string; id: number; start: number; duration: number }[],
    lastTouch: 0,
    marks: {} as Record<string, Mark>,
    watching: {} as Record<string, () => boolean>,
    watch(name: string) {
      phone.watching[name] = tests[name]!;
      check(false);
    },
    /** When the step's screen was painted, once it is. */
    until(name: string): Promise<number> {
      const painted = phone.marks[name]?.painted;
      if (painted !== undefined) return Promise.resolve(painted);
      return new Promise((resolve) => (waiting[name] = resolve));
    },
  };
  const waiting: Record<string, (painted: number) => void> = {};
  (window as unknown as { __phone: typeof phone }).__phone = phone;
  const visible = (element: Element | null) =>
    element !== null && (element as HTMLElement).getBoundingClientRect().height > 0;
  const heading = (text: string) =>
    Array.from(document.querySelectorAll('#root h1, #root h2, #root h3')).some(
      (h) => h.textContent?.trim() === text && visible(h),
    );
  const tests: Record<string, () => boolean> = {
    open: () => heading(texts.dashboard),
    menu: () => visible(document.querySelector('[role="menu"]')),
    borrowers: () =>
      location.pathname === texts.borrowersPath &&
      heading(texts.borrowers) &&
      visible(document.querySelector('#root [role="listitem"], #root tbody tr')),
    createBorrower: () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).some(
        (dialog) =>
          dialog.textContent?.includes(texts.createBorrower) &&
          visible(dialog.querySelector('input')),
      ),
    loanApplication: () =>
      location.pathname === texts.loanApplicationPath &&
      heading(texts.loanApplication) &&
      visible(document.querySelector('#root form input')),
  };
  // Checked in an animation frame, before the frame's own style and layout: measuring in
  // the mutation's microtask forced a layout in the middle of the app's task (one profile
  // of the Borrowers tap spent 180 ms at 4× there), which the app alone never does.
  function check(inFrame: boolean) {
    for (const [name, test] of Object.entries(phone.watching)) {
      if (!test()) continue;
      delete phone.watching[name];
      const mark: Mark = { dom: performance.now() };
      phone.marks[name] = mark;
      // The frame that paints it (this one, in a frame): its work, then the paint.
      const afterPaint = () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          mark.painted = performance.now();
          waiting[name]?.(mark.painted);
        };
        channel.port2.postMessage(null);
      };
      if (inFrame) afterPaint();
      else requestAnimationFrame(afterPaint);
    }
  }
  let frameAsked = false;
  new MutationObserver(() => {
    if (!Object.keys(phone.watching).length || frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      check(true);
    });
  }).observe(document, { childList: true, subtree: true, attributes: true });
  phone.watching.open = tests.open!;
  addEventListener('touchstart', (event) => (phone.lastTouch = event.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      phone.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId: number;
    })[]) {
      phone.events.push({
        name: entry.name,
        id: entry.interactionId,
        start: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

type Phone = {
  longTasks: { start: number; duration: number }[];
  events: { name: string; id: number; start: number; duration: number }[];
  lastTouch: number;
  marks: Record<string, { dom: number; painted?: number }>;
  watch: (name: string) => void;
  until: (name: string) => Promise<number>;
};
declare global {
  interface Window {
    __phone: Phone;
  }
}

type Run = {
  /** Navigation start → the first paint with content (the shell's placeholder, or the screen). */
  firstPaint: number;
  /**
   * The time the main thread spent in tasks from navigation to the dashboard painted (CDP
   * Performance.getMetrics TaskDuration): the work without the waits between.
   */
  openWork: number;
  open: number;
  menu: number;
  borrowers: number;
  createBorrower: number;
  loanApplication: number;
  firstNameKeys: number[];
  amountKeys: number[];
  longTasks: number[];
  /** The time the main thread spent in tasks over the whole journey, likewise. */
  journeyWork: number;
  /** The longest task of each step, by the step it started in. */
  longestByStep: Record<Step, number>;
};

const STEP_NAMES = ['open', 'menu', 'borrowers', 'createBorrower', 'loanApplication'] as const;
type Step = (typeof STEP_NAMES)[number];

/**
 * When the step's screen was painted. Asked over CDP with a promise the page keeps, not
 * with Playwright's waitForFunction: that evaluates Playwright's injected script (hundreds
 * of KB) in the page the first time, which a profile of the open at 4× found inside the
 * measured open (an 83 ms task before the shell's first paint), and then polls.
 */
async function painted(cdp: CDPSession, name: string): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    // The evaluation may land in the document before the one just committed (it is then
    // destroyed with it) or before the instrument ran: asked again.
    const answer = await cdp
      .send('Runtime.evaluate', {
        expression: `window.__phone.until(${JSON.stringify(name)})`,
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => undefined);
    if (answer && !answer.exceptionDetails && typeof answer.result.value === 'number')
      return answer.result.value;
    if (Date.now() > deadline) throw new Error(`${name} was never painted`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A tap, and how long until the screen it opens is painted. */
async function tap(
  page: Page,
  cdp: CDPSession,
  name: string,
  target: ReturnType<Page['getByRole']>,
) {
  await target.waitFor({ timeout: 120_000 });
  await page.evaluate((n) => window.__phone.watch(n), name);
  await target.tap({ timeout: 120_000 });
  const end = await painted(cdp, name);
  return end - (await page.evaluate(() => window.__phone.lastTouch));
}

/** Types `text` key by key, about as fast as a thumb; answers each key's latency. */
async function typeKeys(page: Page, text: string): Promise<number[]> {
  const from = await page.evaluate(() => performance.now());
  for (const key of text) {
    await page.keyboard.press(key);
    await page.waitForTimeout(120);
  }
  // Event Timing reports an interaction once its frame is painted.
  await page.waitForTimeout(1_000);
  const events = await page.evaluate(
    (since) => window.__phone.events.filter((e) => e.start >= since && e.id > 0),
    from,
  );
  const byInteraction = new Map<number, number>();
  for (const event of events)
    byInteraction.set(event.id, Math.max(byInteraction.get(event.id) ?? 0, event.duration));
  // A key under the 16 ms threshold reports nothing: it counts as 16.
  const latencies = [...byInteraction.values()];
  while (latencies.length < text.length) latencies.push(16);
  return latencies;
}

/**
 * One run of the journey. With `profileDir`, the page's JavaScript is profiled step by step
 * (CDP Profiler), each step written to `<step>.cpuprofile` there (DevTools opens them).
 */
async function journey(
  context: BrowserContext,
  base: string,
  rate: number,
  profileDir?: string,
): Promise<Run> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    // Where each step began, on the page's clock (navigation start is 0 once it opens).
    const stepStarts: { step: Step; at: number }[] = [{ step: 'open', at: 0 }];
    // Ends the step being profiled (written to its files) and profiles the next, if any: the
    // page's JavaScript (CDP Profiler, `<step>.cpuprofile`) and a Chrome trace of the same
    // (`<step>.trace.json`: style, layout, paint and compiling, which the JavaScript profile
    // counts as "(program)"). DevTools opens both.
    let profiling: Step | undefined;
    let traced: object[] = [];
    const profileStep = async (next: Step | undefined) => {
      if (!profileDir) return;
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(path.join(profileDir, `${profiling}.cpuprofile`), JSON.stringify(profile));
        const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await complete;
        writeFileSync(
          path.join(profileDir, `${profiling}.trace.json`),
          JSON.stringify({ traceEvents: traced }),
        );
        traced = [];
      }
      profiling = next;
      if (!next) return;
      await cdp.send('Profiler.start');
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8',
            'v8.execute',
            'blink.user_timing',
            'loading',
          ],
        },
      });
    };
    const begin = async (step: Step) => {
      stepStarts.push({ step, at: await page.evaluate(() => performance.now()) });
      await profileStep(step);
    };
    if (profileDir) {
      // The same origin first, so the profiled renderer is the app's.
      await page.goto(`${base}/robots.txt`);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      cdp.on('Tracing.dataCollected', ({ value }) => traced.push(...value));
      await profileStep('open');
    }
    await page.goto(`${base}${paths.dashboard.root}`, { waitUntil: 'commit' });
    const open = await painted(cdp, 'open');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const openWork =
      1000 * (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN);
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );

    await begin('menu');
    const menu = await tap(
      page,
      cdp,
      'menu',
      page.getByRole('button', { name: shellText.userMenu, exact: true }),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    const nav = page.getByRole('navigation', { name: shellText.quickNavigation });
    await begin('borrowers');
    const borrowers = await tap(
      page,
      cdp,
      'borrowers',
      nav.getByRole('link', { name: shellText.links.borrowers, exact: true }),
    );
    await begin('createBorrower');
    const createBorrower = await tap(
      page,
      cdp,
      'createBorrower',
      page.getByRole('button', { name: borrowersText.createBorrower, exact: true }),
    );
    const dialog = page.getByRole('dialog', { name: borrowersText.createTitle });
    await dialog.getByLabel(new RegExp(`^${borrowersText.firstNameLabel}`)).focus();
    const firstNameKeys = await typeKeys(page, 'Wanjiru');
    await dialog.getByRole('button', { name: borrowersText.cancel, exact: true }).tap();
    await page.getByRole('button', { name: borrowersText.discard, exact: true }).tap();
    await dialog.waitFor({ state: 'detached' });

    await begin('loanApplication');
    const loanApplication = await tap(
      page,
      cdp,
      'loanApplication',
      nav.getByRole('link', { name: shellText.links.loanApplication, exact: true }),
    );
    await page.getByLabel(new RegExp(`^${loansText.principalLabel}`)).focus();
    const amountKeys = await typeKeys(page, '15000');

    await profileStep(undefined);
    const { metrics: atEnd } = await cdp.send('Performance.getMetrics');
    const journeyWork =
      1000 * (atEnd.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN);
    const tasks = await page.evaluate(() => window.__phone.longTasks);
    const longTasks = tasks.map((t) => t.duration);
    const longestByStep = Object.fromEntries(STEP_NAMES.map((step) => [step, 0])) as Record<
      Step,
      number
    >;
    for (const task of tasks) {
      const step = stepStarts.findLast((s) => s.at <= task.start)?.step ?? 'open';
      longestByStep[step] = Math.max(longestByStep[step], task.duration);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      firstPaint,
      openWork,
      open,
      menu,
      borrowers,
      createBorrower,
      loanApplication,
      firstNameKeys,
      amountKeys,
      longTasks,
      journeyWork,
      longestByStep,
    };
  } finally {
    await page.close();
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: agentEmail(0), password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: { accessToken?: string } };
  if (!body.token?.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.token.accessToken;
}

/**
 * The app installed in a fresh browser profile of its own: worker and precache, signed in,
 * the working set on the phone. A profile on disk, as a phone's browser has, not the
 * in-memory (incognito) context Playwright's newContext makes: Chromium keeps no compiled
 * code for an incognito context, so each of its opens compiled every function it ran
 * afresh, which no installed app on a phone does after its first days. `--incognito`
 * measures that way instead (as a tool that opens pages in a new context would).
 */
async function install(base: string, profileDir: string): Promise<BrowserContext> {
  const phone = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const launch = { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };
  const context = values.incognito
    ? await (await chromium.launch(launch)).newContext(phone)
    : await chromium.launchPersistentContext(profileDir, { ...launch, ...phone });
  if (values.incognito) closers.push(() => context.browser()!.close());
  // tsx keeps function names with an `__name` helper the page does not have.
  await context.addInitScript({
    content: `var __name = (f) => f; (${instrument.toString()})(${JSON.stringify(TEXTS)});`,
  });
  const page = await context.newPage();
  await page.goto(`${base}/login/agent`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const token = await signIn(base);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [storageKeys.token, token],
  );
  await page.goto(`${base}${paths.dashboard.root}`);
  await page.getByText('Ready offline', { exact: true }).first().waitFor({ timeout: 300_000 });
  await page.close();
  // One unmeasured journey: the screens' code in the browser's code cache, as on a phone
  // that has opened them before.
  await journey(context, base, 1);
  return context;
}

/**
 * `--borrowers N`: N more borrowers for the demo agent, registered through the API as the
 * agent would (each with a passport photo, as the tests register theirs), in the agent's
 * first business and area: an agent with a long list, where the demo's has about thirty.
 */
async function addBorrowers(
  base: string,
  apiPrefix: string,
  database: Database,
  count: number,
): Promise<void> {
  const token = await signIn(base);
  const { rows } = (await database.db.execute(sql`
    select ab.lender_business_id as business, ab.lender_business_area_id as area
    from agent_businesses ab join users u on u.id = ab.agent_id
    where u.email = ${agentEmail(0)} order by ab.lender_business_id limit 1`)) as unknown as {
    rows: { business: number; area: number }[];
  };
  const { business, area } = rows[0]!;
  // registerBorrower calls the API at server.api, which is all it reads of a test server.
  const server = { api: `${base}${apiPrefix}` } as TestServer;
  for (let i = 0; i < count; i += 1) {
    // Letters, not digits: a name holds no digits.
    const tag = [26 * 26, 26, 1].map((unit) =>
      String.fromCharCode(97 + (Math.floor(i / unit) % 26)),
    );
    await registerBorrower(server, token, business, area, {
      firstName: 'Bench',
      lastName: `Mwangi ${tag.join('')}`,
    });
  }
}

async function seedDemo(dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/scripts/seed-demo.ts')],
    {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seed:demo exited with ${code}`);
}

/** The browser's version, as it prints it ("Chromium 156.0.8078.108 built on Debian…"). */
const chromiumVersion = () =>
  /[\d.]+/.exec(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }))?.[0] ?? '?';

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (numbers: number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
/** The median, and the fastest and slowest run beside it: how much the runs agree. */
const spread = (values: number[]) =>
  values.length < 3
    ? ms(median(values))
    : `${ms(median(values))} (${Math.round(Math.min(...values)).toLocaleString('en')}–${Math.round(Math.max(...values)).toLocaleString('en')})`;

function summary(runs: Run[]): string[] {
  const keys = (pick: (run: Run) => number[]) =>
    `${ms(median(runs.map((run) => percentile(pick(run), 50))))} / ${ms(median(runs.map((run) => percentile(pick(run), 95))))}`;
  return [
    spread(runs.map((run) => run.firstPaint)),
    spread(runs.map((run) => run.open)),
    spread(runs.map((run) => run.openWork)),
    spread(runs.map((run) => run.menu)),
    spread(runs.map((run) => run.borrowers)),
    spread(runs.map((run) => run.createBorrower)),
    keys((run) => run.firstNameKeys),
    spread(runs.map((run) => run.loanApplication)),
    keys((run) => run.amountKeys),
    `${median(runs.map((run) => run.longTasks.length))}, ${ms(median(runs.map((run) => run.longTasks.reduce((a, b) => a + b, 0))))}, max ${ms(median(runs.map((run) => Math.max(0, ...run.longTasks))))}`,
    spread(runs.map((run) => run.journeyWork)),
  ];
}

const STEPS = [
  'open the installed app: first paint',
  'open the installed app to the dashboard',
  "the open's main-thread work",
  'tap the user menu → menu',
  'tap Borrowers → rows listed',
  'tap Create Borrower → dialog',
  'First Name, per key p50 / p95',
  'tap Loan Application → form',
  'loan amount, per key p50 / p95',
  'long tasks: count, total, longest',
  "the journey's main-thread work",
];

buildClientIfStale(say);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mkopo-bench-phone-'));
const closers: (() => Promise<unknown>)[] = [];
try {
  say('Seeding the demo book…');
  await seedDemo(dataDir);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
  });
  const database = await openDatabase(config);
  closers.push(() => database.close());
  const builds: { name: string; dir: string }[] = [
    ...(values.before ? [{ name: 'before', dir: path.resolve(values.before) }] : []),
    { name: values.before ? 'after' : 'this build', dir: path.join(projectRoot, 'dist') },
  ];
  const installed: { name: string; base: string; context: BrowserContext }[] = [];
  for (const build of builds) {
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
      logger: { level: 'warn' },
      clientDir: build.dir,
    });
    closers.unshift(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    if (MORE_BORROWERS && !installed.length) {
      say(`Registering ${MORE_BORROWERS} more borrowers for the agent…`);
      await addBorrowers(base, config.apiPrefix, database, MORE_BORROWERS);
    }
    say(`Installing ${build.name} (${build.dir}) at ${base}…`);
    const context = await install(base, path.join(dataDir, `profile-${installed.length}`));
    closers.unshift(() => context.close());
    installed.push({ name: build.name, base, context });
  }

  const loadBefore = load();
  const results = new Map<string, Run[]>();
  for (const rate of RATES) {
    for (let run = 1; run <= RUNS; run++) {
      // The builds take turns going first: the second of a pair ran slower (the same build
      // twice, 3 runs at 4×: Borrowers 559 against 757 ms, Create Borrower 519 against 665).
      for (const build of run % 2 === 1 ? installed : [...installed].reverse()) {
        const key = `${build.name}@${rate}`;
        const runs = results.get(key) ?? [];
        runs.push(await journey(build.context, build.base, rate));
        results.set(key, runs);
      }
      process.stdout.write('.');
    }
  }
  say('');
  say(
    `\nbench:phone: Chromium ${chromiumVersion()}, 390×844 touch, ${values.incognito ? 'an incognito context' : 'a fresh profile'} per build, demo book${MORE_BORROWERS ? ` and ${MORE_BORROWERS} more borrowers` : ''}; median of ${RUNS} runs ` +
      `(${availableParallelism()} CPUs; load average ${loadBefore} at the start, ${load()} at the end)`,
  );
  const columns = [...results.keys()];
  const cells = columns.map((column) => summary(results.get(column)!));
  const head = ['step', ...columns.map((c) => c.replace('@', ' at ') + '×')];
  const rows = STEPS.map((step, i) => [step, ...cells.map((cell) => cell[i]!)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  say(line(head));
  say(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) say(line(row));
  say('\nThe longest task of each step (median of the runs):');
  for (const column of columns) {
    const runs = results.get(column)!;
    const bySteps = STEP_NAMES.map(
      (step) => `${step} ${ms(median(runs.map((run) => run.longestByStep[step])))}`,
    );
    say(`  ${column.replace('@', ' at ')}×: ${bySteps.join(', ')}`);
  }
  if (values.profile) {
    // One more journey at the highest rate, profiled, after the measured ones.
    const rate = Math.max(...RATES);
    for (const build of installed) {
      const dir = path.resolve(values.profile, `${build.name.replace(/ /g, '-')}-${rate}x`);
      mkdirSync(dir, { recursive: true });
      await journey(build.context, build.base, rate, dir);
      say(`Profiled a journey of ${build.name} at ${rate}×: ${dir}/<step>.cpuprofile`);
    }
  }
  say(
    '\nTargets at 4×: open ≤ 800 ms, each tap ≤ 500 ms, key p95 ≤ 100 ms, no long task > 200 ms; at 6× at most twice these.',
  );
} finally {
  for (const close of closers) await close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
