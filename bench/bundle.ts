/**
 * `npm run bench:bundle`: the gzipped JavaScript and CSS three screens download (the README's
 * "Performance"): the landing page and the agent's login (each its islands script, not the app), and
 * an agent's first screen after login (/dashboard with a business chosen). Builds the PWA
 * when dist/ is stale, then walks Vite's build manifest (dist/.vite/manifest.json) from
 * index.html (or the page's own script) and the lazy route chunks the screen renders
 * through their static imports, adds what the screen imports at run time,
 * and sums each chunk's gzip size (each file is its own response). The source maps say
 * which packages a screen pulls in, so a table library leaking into it shows. Prints
 * figures against the budgets (issues 7 and 15) and exits with 1 when a screen is over. For
 * a prerendered page it also counts the requests its first paint waits for.
 *
 *   npm run bench:bundle -- [--dist /tmp/dist-before]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildClientIfStale } from '../build/client-build';
import { projectRoot } from '../server/paths';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * A screen: the lazy route chunks it renders, and the chunks it imports at run time
 * (workbox-window after the load event; for agents, the sync engine and the mirror that
 * stores what the API answered). Budgets apply to the whole.
 */
type Screen = {
  name: string;
  routes: string[];
  runtime: string[];
  budgetKiB: number;
  /**
   * The prerendered HTML the screen opens with, if it is one (build/prerender.ts). When its
   * script is not the app's entry (a page of islands), its JS is that script and what it
   * imports; its CSS is still that of the app and the route.
   */
  html?: string;
};

const workboxWindow = 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs';
const screens: Screen[] = [
  {
    name: 'Landing page (/)',
    routes: ['src/features/landing/landing-page.tsx'],
    // The islands register the service worker themselves, without workbox-window.
    runtime: [],
    budgetKiB: 150,
    html: 'index.html',
  },
  {
    name: 'Agent login (/login/agent)',
    routes: ['src/features/auth/pages/agent-login-page.tsx'],
    runtime: [],
    budgetKiB: 150,
    html: 'login/agent.html',
  },
  {
    name: 'Agent first screen (/dashboard, a business chosen)',
    // The shell, loaded with the query layer, and the dashboard index; the agent
    // dashboard is a static import of it.
    routes: [
      'src/app/shell/dashboard-shell.tsx',
      'src/app/query-provider.tsx',
      'src/features/dashboards/dashboard-index-page.tsx',
    ],
    runtime: [workboxWindow, 'src/app/offline-sync.tsx', 'src/offline/mirror.ts'],
    budgetKiB: 200,
  },
];

/** Libraries whose presence on a screen is worth a line of its own. */
const watchedPackages = ['mantine-react-table', '@tanstack', 'dexie', '@mantine/dates', 'dayjs'];

// `--dist <dir>` sizes another build (a dist/ copied aside), to compare before and after.
const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = values.dist ? path.resolve(values.dist) : path.join(projectRoot, 'dist');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function readManifest(): Manifest {
  if (!values.dist) buildClientIfStale((line) => console.log(line));
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error('dist/.vite/manifest.json is missing: build with build.manifest enabled');
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/**
 * The manifest's key for `key`: a package's key is relative to where node_modules really
 * is, which in a git worktree whose node_modules is a symlink is `../main/node_modules/…`.
 */
function keyIn(manifest: Manifest, key: string): string {
  if (manifest[key]) return key;
  if (key.startsWith('node_modules/')) {
    const found = Object.keys(manifest).find((candidate) => candidate.endsWith(`/${key}`));
    if (found) return found;
  }
  // A module the bundler grouped into a named chunk has no key of its
  // own: the chunk whose source map holds it.
  return (
    Object.keys(manifest).find((candidate) =>
      sourcesOf(manifest[candidate]!.file).some((source) => source.endsWith(`/${key}`)),
    ) ?? key
  );
}

/** The source files a chunk's source map names. */
function sourcesOf(file: string): string[] {
  const map = path.join(dist, `${file}.map`);
  if (!file.endsWith('.js') || !existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** The manifest keys loaded from `roots` through static imports, minus those in `skip`. */
function chunksOf(manifest: Manifest, roots: string[], skip = new Set<string>()): string[] {
  roots = roots.map((key) => keyIn(manifest, key));
  const seen = new Set<string>(skip);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of roots) visit(key);
  return [...seen].filter((key) => !skip.has(key));
}

/** The npm packages a chunk's source map names. */
function packagesIn(file: string): Set<string> {
  const packages = new Set<string>();
  for (const source of sourcesOf(file)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (match?.[1]) packages.add(match[1]);
  }
  return packages;
}

/**
 * What the browser must fetch before it can paint a prerendered page: the HTML, and any
 * stylesheet or classic script in <head> that blocks rendering (a module script, a
 * modulepreload and a stylesheet held back as `print` do not; a <noscript> never loads).
 */
function requestsBeforeFirstPaint(htmlFile: string): { count: number; blocking: string[] } {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const head = html
    .slice(0, html.indexOf('</head>'))
    .replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const blocking = [
    ...(head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []).filter(
      (link) => !/media="print"/.test(link),
    ),
    ...(head.match(/<script(?![^>]*type="module")[^>]*\ssrc=[^>]*>/g) ?? []).filter(
      (script) => !/\s(?:async|defer)[\s>=]/.test(script),
    ),
  ];
  return { count: 1 + blocking.length, blocking };
}

function jsGzip(manifest: Manifest, keys: string[]) {
  return filesGzip(keys.map((key) => manifest[key]!.file));
}

function filesGzip(all: string[]) {
  const files = all.filter((file) => file.endsWith('.js'));
  return { files, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
}

/**
 * The files of a prerendered page's own script when it is not the app's entry: the chunk
 * and its imports when the app's build made it (the landing page's islands), else the file
 * alone (the sign-in pages' islands, built on their own).
 */
function islandFiles(manifest: Manifest, htmlFile: string): string[] | undefined {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const file = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
  if (!file || file === manifest['index.html']?.file) return undefined;
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.file === file);
  return key ? chunksOf(manifest, [key]).map((chunk) => manifest[chunk]!.file) : [file];
}

const manifest = readManifest();
let overBudget = false;
console.log('\nGzipped bytes per screen (gzip -9 of the built files; dist/.vite/manifest.json):');
for (const screen of screens) {
  const firstKeys = chunksOf(manifest, ['index.html', ...screen.routes]);
  const laterKeys = chunksOf(manifest, screen.runtime, new Set(firstKeys));
  const islands = screen.html ? islandFiles(manifest, screen.html) : undefined;
  const first = islands ? filesGzip(islands) : jsGzip(manifest, firstKeys);
  const later = jsGzip(manifest, laterKeys);
  const js = first.bytes + later.bytes;
  const cssFiles = [...new Set(firstKeys.flatMap((key) => manifest[key]!.css ?? []))];
  const css = cssFiles.reduce((sum, file) => sum + gzipSize(file), 0);
  const within = js <= screen.budgetKiB * 1024;
  if (!within) overBudget = true;

  const jsFiles = [...first.files, ...later.files];
  console.log(`\n${screen.name}`);
  console.log(
    `  JS  ${kib(js).padStart(10)} in ${jsFiles.length} chunks (${kib(first.bytes)} to render, ${kib(later.bytes)} at run time)   budget ≤ ${screen.budgetKiB} KiB: ${within ? 'within' : 'OVER'}`,
  );
  console.log(`  CSS ${kib(css).padStart(10)} in ${cssFiles.length} files`);
  if (screen.html) {
    const { count, blocking } = requestsBeforeFirstPaint(screen.html);
    const inline = kib(gzipSync(readFileSync(path.join(dist, screen.html))).length);
    console.log(
      `  first paint: ${count} request${count === 1 ? '' : 's'} (${screen.html}, ${inline} gzip, its critical CSS inline)${blocking.length ? `; blocking: ${blocking.join(' ')}` : ''}   target ≤ 20: ${count <= 20 ? 'within' : 'OVER'}`,
    );
  }
  const largest = [...jsFiles]
    .sort((a, b) => gzipSize(b) - gzipSize(a))
    .slice(0, Number(process.env.LARGEST ?? 5));
  console.log(
    `  largest: ${largest.map((f) => `${path.basename(f)} ${kib(gzipSize(f))}`).join(', ')}`,
  );
  const present = [...new Set(jsFiles.flatMap((file) => [...packagesIn(file)]))];
  const loaded = (name: string) =>
    present.some((p) => p === name || p.startsWith(`${name}/`)) ? 'loaded' : 'not loaded';
  console.log(`  ${watchedPackages.map((name) => `${name}: ${loaded(name)}`).join(', ')}`);
}

if (overBudget) process.exitCode = 1;
