/**
 * Puts src/lib/mantine-use-id.ts where @mantine/hooks' barrel takes its `useId` from, for
 * every Mantine component (each imports it through the barrel). That file says why.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const replacement = path.resolve(import.meta.dirname, '../src/lib/mantine-use-id.ts');

export function mantineUseId(): Plugin {
  return {
    name: 'mkopo-mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './use-id/use-id.mjs' &&
        importer?.replace(/\\/g, '/').endsWith('/@mantine/hooks/esm/index.mjs')
      ) {
        return replacement;
      }
      return null;
    },
  };
}
