import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks } from './build/first-screen-chunks';
import { mantineCssVariables } from './build/mantine-css-variables';
import { mantineComponentStyles } from './build/mantine-component-styles';
import { mantineUseId } from './build/mantine-use-id';
import { prerender } from './build/prerender';
import { firstScreenModules, prerenderedPages } from './src/lib/prerendered-pages';

const brotli = promisify(brotliCompress);
const fromRoot = (file: string) => path.resolve(import.meta.dirname, file);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, so a server can send them
 * as they are (@fastify/static's preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'mkopo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.values(bundle).filter(
        (file) =>
          /\.(?:js|css|html|svg|webmanifest)$/.test(file.fileName) &&
          !file.fileName.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes =
            typeof source === 'string' ? Buffer.from(source, 'utf8') : Buffer.from(source);
          await writeCompressed(path.join(outDir, file.fileName), bytes);
        }),
      );
    },
  };
}

/** The .br and .gz twins of one file (none under 1 KiB: headers would outweigh the gain). */
async function writeCompressed(target: string, bytes: Buffer): Promise<void> {
  if (bytes.length < 1024) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
}

/**
 * React Router's package sends every bundler to its development build, whose only
 * difference is ENABLE_DEV_WARNINGS: on, each render of the routes checks what to warn of
 * and the release carries the warnings' texts (remix-run/react-router#14102). The release
 * takes the production build beside it; `npm run dev` and the tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const dist = fromRoot('node_modules/react-router/dist/production');
  return {
    name: 'mkopo-react-router-production',
    apply: 'build',
    config: () =>
      existsSync(path.join(dist, 'index.mjs'))
        ? {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
                { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
              ],
            },
          }
        : {},
  };
}

/**
 * The lazy chunks whose static imports are worth preloading alongside them (Vite's module
 * preload, a list of files per dynamic import in the chunk that imports it): the pages a visit
 * opens on (the prerendered pages, whose hydration waits for their chunk) and the signed-in
 * first screen (the shell, the query layer, the dashboard, the offline mirror), and the
 * shell's menus (`overlays`), which a tap can be waiting for. Every other route's chunk finds
 * its imports as it loads: one round trip more, to the network on a first visit and to the
 * service worker's cache after, which on a phone 4× slower than this machine still takes 100
 * to 200 ms. Without their list, a tap on the user menu soon after the open waited for the
 * menus' chunk, then for Menu's own (`bench:phone` at 4×, median of 5 in one run: 711 → 467
 * ms). The lists cost 5 to 7 KiB of gzipped JS, most of it in the entry, on every screen.
 * CSS is always preloaded.
 */
const keepPreloads =
  /\/(first-screen|agent-offline|dashboard-shell|query-provider|dashboard-index-page|offline-sync|mirror|landing-page|sign-in|lender-register-page|overlays)-[\w-]+\.js$/;

/**
 * The service worker's build (vite-plugin-pwa's) asks for one file with Rollup's
 * `inlineDynamicImports`, which Rolldown warns is deprecated; this asks the same with
 * Rolldown's `codeSplitting: false`.
 */
function serviceWorkerInOneFile(): Plugin {
  return {
    name: 'mkopo:service-worker-in-one-file',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (!output || Array.isArray(output) || !('inlineDynamicImports' in output)) return;
      delete output.inlineDynamicImports;
      output.codeSplitting = false;
    },
  };
}

// The PWA: the service worker source lives in sw/ and is built with injectManifest so
// the precache manifest is the one Vite produced (docs/architecture.md §7). It lists every route's
// chunks, the icons and the web manifest, so every route opens offline after one visit.
const firstScreen = firstScreenChunks({
  entry: fromRoot('src/main.tsx'),
  publicRoots: prerenderedPages.map((page) => fromRoot(page.module)),
  firstScreenRoots: firstScreenModules.map(fromRoot),
  // With the offline sync and the mirror: the store's reads that the top bar and the Ready
  // offline card load after the first render, and the outbox's views the agent's screens
  // use (a chunk of their own, they waited for a request at the tap on Create Borrower).
  offlineRoots: [
    'src/app/offline-sync.tsx',
    'src/offline/mirror.ts',
    'src/offline/shell-queries.ts',
    'src/offline/use-outbox.ts',
  ].map(fromRoot),
  signInRoots: prerenderedPages
    .filter((page) => /-login-page|forgot-password-page/.test(page.module))
    .map((page) => fromRoot(page.module)),
  overlayRoots: [fromRoot('src/app/shell/overlays.tsx')],
  agentScreenRoots: [
    'src/features/borrowers/pages/borrowers-page.tsx',
    'src/features/borrowers/components/borrower-form.tsx',
    'src/features/loans/pages/loan-application-page.tsx',
    'src/features/follow-ups/pages/follow-ups-page.tsx',
  ].map(fromRoot),
  offlineLaterRoots: [fromRoot('src/offline/working-set/runtime.ts')],
});

export default defineConfig({
  plugins: [
    firstScreen.plugin,
    reactRouterProduction(),
    mantineUseId(),
    mantineCssVariables(),
    mantineComponentStyles(fromRoot('src/main.tsx')),
    react(),
    precompress(),
    prerender(async (files, outDir) => {
      for (const file of files) {
        const target = path.join(outDir, file);
        await writeCompressed(target, await readFile(target));
      }
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'service-worker.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        buildPlugins: { vite: [serviceWorkerInOneFile()] },
      },
      // The icons are in dist/ already (the glob above); the plugin adds the manifest.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Mkopo — digital lending',
        short_name: 'Mkopo',
        description: 'Lending for Kenyan lenders, their field agents and borrowers.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b7a55',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  server: {
    // `npm run dev` talks to the API on :8080; API_PROXY_TARGET points elsewhere.
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080' },
  },
  // The build manifest is what `npm run bench:bundle` walks to size each screen, with the
  // source maps naming the packages in each chunk. The maps are hidden: no built file
  // points at them, and the server refuses to serve them (server/app.ts).
  build: {
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // The signed-in first screen in a few chunks, not dozens (build/first-screen-chunks.ts).
    rolldownOptions: {
      // The pages of islands (the landing page, the logins) load a script of their own,
      // built apart from the app (build/prerender.ts).
      input: { index: fromRoot('index.html') },
      // The user menu imports the Ready offline items lazily, so that the shell a lender or an
      // admin loads never holds the agent's offline code; the agent's dashboard imports the
      // same module statically, and the menu then finds it loaded. Rolldown warns that this
      // import splits nothing, which is so, and intended.
      onLog(level, log, handler) {
        const intended =
          log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
          log.message.includes('src/components/offline-readiness.tsx');
        if (!intended) handler(level, log);
      },
      output: {
        codeSplitting: firstScreen.codeSplitting,
        // V8's explicit compile hint: the signed-in first screen's chunk runs nearly all its
        // functions while the app opens, so V8 compiles them all as the file streams in, off
        // the main thread, instead of each on the main thread at its first call. Measured
        // with `bench:phone` at 4×: the open 1,011 → 928 ms where no code cache exists yet
        // (a new context), 773 → 735 ms installed in a profile. Given to agent-offline it
        // changed nothing. Given to app-start (which the logins no longer load), two runs of
        // 7 at 4× beside the build without it moved the open 1,972 → 1,869 and 1,735 → 1,895
        // ms: no gain shown.
        postBanner: (chunk) =>
          chunk.name === 'first-screen' ? '//# allFunctionsCalledOnLoad' : '',
      },
    },
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || keepPreloads.test(file)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
});
