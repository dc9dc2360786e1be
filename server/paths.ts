import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/**
 * The repository root, or a release's (the folder holding package.json, dist/ and data/):
 * this file is in server/ when tsx runs the sources and in dist-server/ once compiled
 * (build/server.ts), one level down either way.
 */
export const projectRoot = path.resolve(path.dirname(here), '..');

/**
 * The node arguments that run another entry point (`server/main.ts`…) as this process
 * itself runs: its compiled file (dist-server/main.js) in a build, its source through tsx
 * in development, so a compiled script never needs a TypeScript tool.
 */
export function entryPointArgs(source: string): string[] {
  if (here.endsWith('.js')) return [compiledEntryPoint(source)];
  return ['--import', 'tsx', path.join(projectRoot, source)];
}

/** Where the build puts an entry point (`server/main.ts` → dist-server/main.js). */
export function compiledEntryPoint(source: string): string {
  return path.join(projectRoot, 'dist-server', `${path.basename(source, '.ts')}.js`);
}
