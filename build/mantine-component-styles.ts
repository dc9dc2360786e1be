/**
 * Each Mantine component's CSS travels with the component's code, instead of all of
 * Mantine's in the first stylesheet. `@mantine/core/styles.css` holds the rules of all 84
 * components Mantine ships, and made most of the 215 KiB first sheet that every page parsed
 * before it painted (and a prerendered page parsed again when its full sheets applied),
 * where the signed-in first screen draws 27 components. The shell's first sheets are now
 * 70 KiB.
 *
 * Mantine ships each component's rules apart too (`@mantine/core/styles/<Name>.css`), and
 * each component reads its class names from `<Name>.module.css.mjs`. This plugin makes that
 * module import the component's sheet, so the bundler puts the rules in the CSS of whichever
 * chunk draws the component: a component that is bundled has its rules, and one never drawn
 * costs nothing. Order holds as Mantine asks (a component's rules after those of the
 * components it builds on): each Mantine component imports its class names after its other
 * imports, and a module's CSS follows its imports'. The rules every component needs
 * (baseline, variables, global) are imported first by the entry (src/main.tsx).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const classNames = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.css\.mjs$/;

/**
 * One of Mantine's sheets (`@mantine/core/styles/…`): a component's, as imported here, or
 * one of those the entry imports.
 */
export function isMantineSheet(id: string): boolean {
  return /[\\/]@mantine[\\/]core[\\/]styles[\\/]/.test(id);
}

/**
 * `entry`: the app's entry module. Under the dev server (`npm run dev`), which bundles
 * Mantine ahead into one file that never passes through a plugin, the entry takes Mantine's
 * whole sheet instead, first, as it did before.
 */
export function mantineComponentStyles(entry: string): Plugin {
  let serving = false;
  return {
    name: 'mkopo-mantine-component-styles',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving) {
        // On the first line: the entry's lines keep their numbers.
        return id === entry
          ? { code: `import '@mantine/core/styles.css';${code}`, map: null }
          : null;
      }
      const name = classNames.exec(id)?.[1];
      if (!name) return null;
      const sheet = path.join(id.slice(0, id.lastIndexOf('esm')), 'styles', `${name}.css`);
      // A module without a sheet of its own would be a Mantine release this was not written
      // for: fail the build rather than ship a component without its rules.
      if (!existsSync(sheet)) this.error(`No stylesheet ${sheet} for ${id}`);
      // Appended: the module imports nothing else, and its lines keep their source map.
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
  };
}
