/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the operator's
 * scripts into dist-server/, so production runs plain JavaScript with `node` and never
 * compiles TypeScript at start.
 *
 * Each entry point becomes one file of our own code, flat in dist-server/ (no shared
 * chunks): server/paths.ts and server/db/client.ts find the project root and the
 * migrations from their own file's folder, which is dist-server/ for every compiled file,
 * as server/ and server/db/ are in the sources. Packages stay imports of node_modules:
 * PGlite finds its WebAssembly and data files and pdfkit its font metrics beside their own
 * code, and `npm ci --omit=dev` installs exactly what these files import.
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
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
  });
  const undeclared = packagesImported(metafile).filter((name) => !(name in runtimeDependencies()));
  if (undeclared.length > 0) {
    await rm(outdir, { recursive: true, force: true });
    throw new Error(
      `The compiled server imports ${undeclared.join(', ')}, which package.json lists outside "dependencies": ` +
        '`npm ci --omit=dev` would not install it. Move it to "dependencies".',
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
      if (!external || specifier.startsWith('node:') || builtinModules.includes(specifier)) {
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
