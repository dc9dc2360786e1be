// @vitest-environment node
/**
 * The shell's frame (src/app/shell/frame.tsx) draws Mantine's AppShell without its code: its class
 * names and layout variables must be the ones AppShell uses, or AppShell's stylesheet would
 * lay the shell out otherwise. A Mantine upgrade that changes them fails here.
 */
import { AppShell, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { frameClasses, frameVariables } from '../../src/app/shell/frame';

type GetVariables = (props: Record<string, unknown>) => {
  baseStyles: Record<string, string>;
  media: { query: string; styles: Record<string, string> }[];
};

/** AppShell's own computation (not exported by @mantine/core). */
async function mantineVariables(): Promise<GetVariables> {
  const file =
    '../../node_modules/@mantine/core/esm/components/AppShell/AppShellMediaStyles/get-variables/get-variables.mjs';
  return ((await import(/* @vite-ignore */ file)) as { getVariables: GetVariables }).getVariables;
}

describe("the shell's frame", () => {
  it("uses AppShell's classes", () => {
    for (const [part, names] of Object.entries(frameClasses)) {
      const moduleClass = AppShell.classes[part as keyof typeof AppShell.classes];
      expect(names.split(' ')).toEqual([moduleClass, `mantine-AppShell-${part}`]);
    }
  });

  it.each([
    ['16rem', false, false],
    ['16rem', true, false],
    ['4rem', false, true],
    ['4rem', true, true],
    ['16rem', false, true],
  ])(
    'sets the variables AppShell sets (navbar %s, drawer open: %s, footer: %s)',
    async (navbarWidth, navbarOpened, withFooter) => {
      const getVariables = await mantineVariables();
      const mantine = getVariables({
        theme: DEFAULT_THEME,
        header: { height: 60 },
        navbar: { width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } },
        footer: withFooter ? { height: { base: 64, sm: 0 } } : undefined,
        padding: { base: 'sm', sm: 'lg' },
      });
      const ours = frameVariables({ navbarWidth, navbarOpened, withFooter });
      expect(ours.styles).toEqual(mantine.baseStyles);
      expect(ours.media).toEqual(mantine.media);
    },
  );
});
