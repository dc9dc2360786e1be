/**
 * A start serves the PWA that `npm run build` made and never builds it: building belongs
 * to the release (one machine, once), not to every instance at every start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths';

/** The line a start prints instead of serving when dist/ holds no build; undefined when it does. */
export function missingClientBuild(root = projectRoot): string | undefined {
  if (existsSync(path.join(root, 'dist', 'index.html'))) return undefined;
  return (
    'The PWA is not built (dist/index.html is missing): run `npm run build` first, ' +
    'or set SERVE_CLIENT=false to serve the API only.'
  );
}
