/**
 * The build step that prerenders the public pages (docs/architecture.md §8), so a phone on
 * slow data paints them from the HTML alone, before any JavaScript arrives:
 *
 * 1. The built index.html becomes shell.html, the page every other route opens with (the
 *    server's fallback and the service worker's), with the signed-in shell's placeholder
 *    in its root (src/app/shell/shell-skeleton.tsx): the top bar and a page's outline
 *    paint before any script has loaded, and React's first render draws the same.
 * 2. src/app/prerender.tsx is built for Node and renders each page of
 *    src/lib/prerendered-pages.ts with React's `prerender`.
 * 3. Each page's HTML goes into the template's root, with modulepreload links for its
 *    route chunk, and Beasties inlines the CSS the page's first paint uses. The full
 *    stylesheets load without blocking that paint and apply once loaded.
 * 4. Every page's <head>, the shell's too, ends with the theme's CSS variables and Mantine's
 *    global classes, which the app's provider leaves out of a built page (src/app/app.tsx).
 * 5. The landing page and the three logins load a script of islands instead of the app, each
 *    built here on its own (buildIslands); the logins carry the <template> tags theirs draws
 *    from (renderSignInTemplates).
 *
 * It runs in `writeBundle`, before vite-plugin-pwa builds the service worker in
 * `closeBundle`, so the precache lists the files as written here. The inline colour-scheme
 * script is added to every page (src/app/inline-scripts.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import {
  afterPaintScript,
  colorSchemeScript,
  deferredStylesheetsScript,
  shellRoleScript,
} from '../src/app/inline-scripts';
import { trimCriticalCss } from './critical-css';
import { firstScreenModules, prerenderedPages, shellFile } from '../src/lib/prerendered-pages';
import { loginRoles } from '../src/domain/roles';
import { loginPathOf } from '../src/features/auth/utils/login-role';

const ROOT = '<div id="root"></div>';

/** The mark of Mantine's <style> tag with the theme's variables. */
const THEME_VARIABLES = 'data-mantine-styles="true"';

/** The landing page's script, built on its own (buildIslands): it loads instead of the app. */
const landingIslands = 'src/landing-islands.ts';

/** The logins' script, built on its own (buildIslands): it loads instead of the app. */
const signInIslands = 'src/sign-in-islands.ts';

/** The prerendered pages that run src/sign-in-islands.ts: the three logins. */
const signInPages = new Set<string>(loginRoles.map(loginPathOf));

/** The module of the app's toast container (src/app/app.tsx loads it with the first toast). */
const toasterModule = 'src/app/toaster.tsx';

/** The app's entry script in the built index.html. */
function appEntryTag(manifest: Manifest): { tag: RegExp; file: string } {
  const app = manifest['index.html'];
  if (!app) throw new Error('prerender: no app entry in the build');
  return {
    tag: new RegExp(`<script type="module" crossorigin src="/${app.file}"></script>`),
    file: app.file,
  };
}

/**
 * A page as static HTML with islands (docs/architecture.md §8): the app's entry script and
 * its preloads are replaced by the page's own script, with `attributes` on its tag. Only
 * the page's CSS is linked; its route chunks are not fetched.
 */
function withIslands(html: string, manifest: Manifest, script: string, attributes = ''): string {
  const entry = appEntryTag(manifest);
  if (!entry.tag.test(html)) throw new Error('prerender: the page has no app entry to replace');
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      entry.tag,
      `<script type="module" crossorigin src="/${script}"${attributes}></script>`,
    );
}

/**
 * A page's script of islands built on its own, into the app's assets: one file, which
 * shares no chunk with the app, so it may import the app's plain modules (a form's schema,
 * the texts, the storage keys) without loading the app's chunks that hold them. Answers the
 * file's path in outDir.
 */
async function buildIslands(
  config: ResolvedConfig,
  outDir: string,
  entry: string,
): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    define: config.define,
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      modulePreload: false,
      rolldownOptions: {
        input: { [path.basename(entry, '.ts')]: path.join(config.root, entry) },
        output: { entryFileNames: `${config.build.assetsDir}/[name]-[hash].js` },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const files = chunks.filter(
    (chunk) => chunk.type === 'chunk' || !chunk.fileName.endsWith('.map'),
  );
  const script = files.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!script || files.length !== 1)
    throw new Error(`prerender: ${entry} must build to one file, not ${files.length}`);
  return script.fileName;
}

/** A chunk and what it imports statically, each after everything it imports. */
function importsFirst(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  return [
    ...(manifest[key]?.imports ?? []).flatMap((imported) => importsFirst(manifest, imported, seen)),
    key,
  ];
}

/** Every chunk a module needs at once: itself and its static imports. */
function staticClosure(manifest: Manifest, key: string): Set<string> {
  return new Set(importsFirst(manifest, key));
}

/**
 * The <link> tags that fetch a page's route chunk before the app asks for it: its scripts
 * once the page is painted (src/app/inline-scripts.ts, afterPaintScript), its CSS at once.
 */
function routeLinks(manifest: Manifest, chunk: string, scriptsToo: boolean): string {
  const entry = staticClosure(manifest, 'index.html');
  // Each chunk after those it imports: for the sheets, as Vite orders them for a chunk the
  // app loads, so a page's own rules override those of the components it draws (each
  // Mantine component's rules come with its code: build/mantine-component-styles.ts).
  const files = importsFirst(manifest, chunk).filter((key) => !entry.has(key));
  const scripts = (scriptsToo ? files : []).map(
    (key) =>
      `<link data-after-paint="modulepreload" fetchpriority="low" crossorigin href="/${manifest[key]!.file}">`,
  );
  const styles = files.flatMap((key) =>
    (manifest[key]!.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  );
  return [...styles, ...scripts].join('');
}

/**
 * The shell's preloads of the signed-in first screen's chunks (what the entry does not
 * load itself). Without them the browser asked for those chunks only once the entry had run
 * and asked for the screen (src/main.tsx): on a phone 4× slower than this machine, about
 * 100 ms of the open waited for them with the main thread idle.
 */
function firstScreenLinks(manifest: Manifest, chunkFiles: Map<string, string>): string {
  const entry = staticClosure(manifest, 'index.html');
  const files = new Set<string>();
  for (const module of firstScreenModules) {
    for (const key of staticClosure(manifest, chunkKeyOf(manifest, module, chunkFiles))) {
      if (!entry.has(key)) files.add(manifest[key]!.file);
    }
  }
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * What the modules read of the browser when they load, as on a first visit: empty storage
 * (nobody signed in, nothing chosen) and the page's address. No `window`: code that tests
 * for one is right to find none, and no effect runs in a prerender.
 */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The page with the CSS Beasties inlined in its <head> trimmed (build/critical-css.ts). */
function withTrimmedCss(html: string): string {
  const head = html.indexOf('</head>');
  const start = html.indexOf('<style>');
  const end = html.indexOf('</style>', start);
  if (start < 0 || start > head) throw new Error('prerender: Beasties inlined no CSS');
  const css = html.slice(start + '<style>'.length, end);
  const rest = html.slice(0, start) + html.slice(end);
  return `${html.slice(0, start)}<style>${trimCriticalCss(css, rest)}${html.slice(end)}`;
}

/**
 * The manifest's key for the chunk that holds a module: the module itself when it is a
 * chunk's entry, otherwise the group's chunk it was bundled into (build/first-screen-chunks.ts).
 */
function chunkKeyOf(manifest: Manifest, module: string, chunkFiles: Map<string, string>): string {
  if (manifest[module]) return module;
  const file = chunkFiles.get(module);
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.file === file);
  if (!key) throw new Error(`prerender: ${module} is not in the build manifest`);
  return key;
}

async function renderPages(
  config: ResolvedConfig,
  outDir: string,
  chunkFiles: Map<string, string>,
  log: (line: string) => void,
) {
  const ssrOutDir = path.join(config.root, 'node_modules', '.mkopo-prerender');
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    css: config.css,
    define: config.define,
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: ssrOutDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
    },
  });
  Object.assign(globalThis, {
    localStorage: emptyStorage(),
    sessionStorage: emptyStorage(),
    location: new URL('http://localhost/'),
  });
  const entry = pathToFileURL(path.join(ssrOutDir, 'prerender.js')).href;
  const { renderPage, renderShellSkeleton, renderThemeStyles, renderSignInTemplates } =
    (await import(entry)) as {
      renderPage: (url: string) => Promise<string>;
      renderShellSkeleton: () => string;
      renderThemeStyles: () => string;
      renderSignInTemplates: () => string;
    };
  const signInTemplates = renderSignInTemplates();
  const landingScript = await buildIslands(config, outDir, landingIslands);
  const signInScript = await buildIslands(config, outDir, signInIslands);
  log(`built ${landingIslands} → ${landingScript}, ${signInIslands} → ${signInScript}`);
  // The theme's variables and Mantine's global classes, last in every page's <head>: after
  // the stylesheets with Mantine's defaults, which they override (src/app/app.tsx).
  const themeStyles = renderThemeStyles();
  if (!themeStyles.includes(THEME_VARIABLES))
    throw new Error('prerender: Mantine wrote no theme variables');
  const withThemeStyles = (html: string) => html.replace('</head>', `${themeStyles}</head>`);

  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT)) throw new Error('prerender: index.html has no empty root');
  const colorScheme = `<script>${colorSchemeScript}</script>`;
  if (!template.includes(colorScheme)) throw new Error('prerender: no colour-scheme script');
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const shell = withThemeStyles(
    template
      .replace(colorScheme, `${colorScheme}<script>${shellRoleScript}</script>`)
      .replace('</head>', `${firstScreenLinks(manifest, chunkFiles)}</head>`)
      .replace(ROOT, `<div id="root">${renderShellSkeleton()}</div>`),
  );
  await writeFile(path.join(outDir, shellFile), shell);
  log(`wrote ${shellFile} with the shell's placeholder (${(shell.length / 1024).toFixed(1)} KiB)`);
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    // The full sheets stay in <head> as `print` (no first-paint wait), and one inline
    // script at the end of <body> applies them. They stay before the theme's <style> tags
    // (added after), whose variables must win over Mantine's defaults.
    preload: 'media-script',
    // Mantine's own <style> tags in the root are part of the rendered tree: hydration must
    // find them as React wrote them.
    reduceInlineStyles: false,
    // The dark theme's variables apply by the attribute the colour-scheme script sets.
    allowRules: [/data-mantine-color-scheme/],
    logLevel: 'warn',
  });

  for (const page of prerenderedPages) {
    const body = await renderPage(page.path);
    // Written by the provider, they would be in the root, where hydration does not expect them.
    if (body.includes(THEME_VARIABLES))
      throw new Error(`prerender: ${page.path} has the theme's variables in its root`);
    const landing = page.path === '/';
    const signIn = signInPages.has(page.path);
    const islands = landing || signIn;
    const pageTemplate = landing
      ? withIslands(template, manifest, landingScript)
      : signIn
        ? withIslands(
            template,
            manifest,
            signInScript,
            ` data-app="/${appEntryTag(manifest).file}"`,
          )
        : template;
    const links =
      routeLinks(manifest, chunkKeyOf(manifest, page.module, chunkFiles), !islands) +
      // The island's toast is Mantine's Notification, whose rules come with the toasts' code.
      (signIn ? routeLinks(manifest, toasterModule, false) : '');
    const withRoute = pageTemplate
      .replace('</head>', `${links}</head>`)
      .replace(ROOT, `<div id="root">${body}</div>`);
    // The page paints from its HTML: its code is fetched at low priority, after what the
    // first paint needs (and Lighthouse, which counts high-priority scripts as blocking
    // the paint, sees that it does not).
    let html = withTrimmedCss(await beasties.process(withRoute)).replaceAll(
      '<link rel="modulepreload"',
      '<link rel="modulepreload" fetchpriority="low"',
    );
    const loader = `<script>${deferredStylesheetsScript}</script>`;
    if (!html.includes(loader)) {
      throw new Error(
        'prerender: Beasties wrote another stylesheet loader; update src/app/inline-scripts.ts',
      );
    }
    html = withThemeStyles(html.replace(loader, `${loader}<script>${afterPaintScript}</script>`));
    if (signIn) html = html.replace('</body>', `${signInTemplates}</body>`);
    const file = path.join(outDir, page.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    log(`prerendered ${page.path} → ${page.file} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
  await rm(ssrOutDir, { recursive: true, force: true });
  return [landingScript, signInScript, ...prerenderedPages.map((page) => page.file)];
}

/**
 * The Vite plugin. `written` receives each file it wrote, so the build can compress it
 * like the rest.
 */
export function prerender(written: (files: string[], outDir: string) => Promise<void>): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'mkopo-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: colorSchemeScript, injectTo: 'head-prepend' }],
    },
    writeBundle: {
      // After the other plugins' writeBundle (precompress writes index.html.br from the
      // template; this overwrites index.html, then compresses it again).
      sequential: true,
      order: 'post',
      async handler(options, bundle) {
        if (config.build.ssr) return;
        const outDir = options.dir ?? path.join(config.root, 'dist');
        // Each source module's chunk, by its path in the repository (as the manifest keys it).
        const chunkFiles = new Map<string, string>();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          for (const id of file.moduleIds)
            chunkFiles.set(path.relative(config.root, id), file.fileName);
        }
        const files = await renderPages(config, outDir, chunkFiles, (line) =>
          config.logger.info(line),
        );
        await written([shellFile, ...files], outDir);
      },
    },
  };
}
