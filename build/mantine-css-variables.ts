/**
 * Leaves Mantine's theme-variables component (MantineCssVariables) out of the client's
 * build. A built page carries the variables in its <head>, written once by the build
 * (build/prerender.ts), and the app's provider does not render the component there
 * (src/app/app.tsx). Left in, its module computed the default theme's variables as it
 * loaded: about 30 ms of the entry's evaluation on a phone 4× slower than this machine.
 * The dev server and the prerender's own build keep Mantine's component.
 */
import type { Plugin } from 'vite';

const stub = '\0mkopo-mantine-css-variables';

export function mantineCssVariables(): Plugin {
  return {
    name: 'mkopo-mantine-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './MantineCssVariables/MantineCssVariables.mjs' &&
        importer
          ?.replace(/\\/g, '/')
          .endsWith('/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')
      ) {
        return stub;
      }
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return `export function MantineCssVariables() {
  throw new Error('A built page has the theme variables in its <head> (build/prerender.ts): render MantineProvider with withCssVariables={false}.');
}`;
    },
  };
}
