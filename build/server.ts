/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the operator's
 * scripts into dist-server/, so production runs plain JavaScript with `node` and never
 * compiles TypeScript at start.
 *
 * Each entry point becomes one file, flat in dist-server/ (no shared chunks):
 * server/paths.ts and server/db/client.ts find the project root and the migrations from
 * their own file's folder, which is dist-server/ for every compiled file, as server/ and
 * server/db/ are in the sources.
 *
 * The packages are bundled into those files too, but for the few that stay imports of
 * node_modules (keptInNodeModules). A start then reads and compiles one file instead of
 * some 850 (Fastify alone is 80, Ajv 86, drizzle-orm 112): measured with bench:start, 0.65 s
 * less CPU and 0.4 s less to ready (the README's "Start time"). `dependencies` list
 * exactly what these files import, which `npm ci --omit=dev` installs: the build fails on
 * an import of a package listed elsewhere, and on a listed package nothing imports.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { FIRST_START_TEMPLATE, writeMigratedTemplate } from '../server/db/client';
import { projectRoot } from '../server/paths';

/**
 * The entry points: the server and every script package.json runs. Each compiles to
 * dist-server/<its file name>.js, the name server/paths.ts's entryPointArgs expects.
 */
const entryPoints = [
  'server/main.ts',
  'server/db/migrate.ts',
  'server/jobs/run-fines.ts',
  'server/scripts/backup.ts',
  'server/scripts/restore.ts',
  'server/scripts/mpesa-pay.ts',
  'server/scripts/sms-receive.ts',
  'server/scripts/mpesa-register-c2b.ts',
  'server/scripts/seed-demo.ts',
  'server/scripts/seed-scale.ts',
  'server/scripts/cluster.ts',
  'server/scripts/admin-create.ts',
];

const outdir = path.join(projectRoot, 'dist-server');

/**
 * The packages left in node_modules: each reads files beside its own code (PGlite its
 * WebAssembly and data, argon2 its native addon, pdfkit its font metrics, Swagger UI its
 * pages, @fastify/swagger its package.json, pino its transport's worker), or is the AWS
 * SDK, which only a server storing files in S3 loads.
 */
const keptInNodeModules = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  '@aws-sdk/*',
];

/** What a bundled package imports only if present, and nobody installs: pg's native driver. */
const optionalImports = ['pg-native'];

/** Runtime packages no file imports: pino loads its pretty printer by name, on a terminal. */
const loadedByName = ['pino-pretty'];

async function buildServer() {
  const started = Date.now();
  await rm(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(
      entryPoints.map((source) => [path.basename(source, '.ts'), source]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: [...keptInNodeModules, ...optionalImports],
    // Bundled CommonJS packages require Node's own modules (and the kept packages) through
    // this, as they would outside the bundle.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    logLevel: 'warning',
    metafile: true,
  });
  const imported = packagesImported(metafile);
  const declared = Object.keys(runtimeDependencies());
  const undeclared = imported.filter(
    (name) => !declared.includes(name) && !optionalImports.includes(name),
  );
  const unused = declared.filter(
    (name) => !imported.includes(name) && !loadedByName.includes(name),
  );
  if (undeclared.length > 0 || unused.length > 0) {
    await rm(outdir, { recursive: true, force: true });
    throw new Error(
      undeclared.length > 0
        ? `The compiled server imports ${undeclared.join(', ')}, which package.json lists outside "dependencies": ` +
          '`npm ci --omit=dev` would not install it. Move it to "dependencies".'
        : `package.json's "dependencies" list ${unused.join(', ')}, which the compiled server does not import ` +
          '(bundled, or not used): move it to "devDependencies", or add it to keptInNodeModules.',
    );
  }
  await cp(path.join(projectRoot, 'server/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
    filter: (source) => !source.endsWith('_snapshot.json'),
  });
  // What a first start on an empty DATA_DIR copies (server/db/client.ts): made from the
  // sources' migrations, which are the ones just copied.
  await writeMigratedTemplate(path.join(outdir, path.basename(FIRST_START_TEMPLATE)));
  process.stdout.write(`Built the server into dist-server/ in ${Date.now() - started} ms\n`);
}

/** The packages (not Node's own modules) the compiled files import. */
function packagesImported(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const { path: specifier, external } of input.imports) {
      if (
        !external ||
        specifier.startsWith('node:') ||
        builtinModules.includes(specifier) ||
        // esbuild's own helpers for bundled CommonJS
        specifier === '<runtime>'
      ) {
        continue;
      }
      const [first, second] = specifier.split('/');
      names.add(first!.startsWith('@') ? `${first}/${second}` : first!);
    }
  }
  return [...names].sort();
}

function runtimeDependencies(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return manifest.dependencies ?? {};
}

await buildServer();
