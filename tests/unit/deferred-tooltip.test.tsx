/**
 * The shell's tooltips (src/app/shell/deferred.tsx) show on hover only: on a device where
 * nothing hovers (a phone), the button stays as it is and their code never loads.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const overlays = { loaded: false };

/** The module as a device whose pointers hover (or not) loads it. */
async function deferredOn(hovers: boolean) {
  vi.resetModules();
  overlays.loaded = false;
  vi.doMock('../../src/app/shell/overlays', async () => {
    overlays.loaded = true;
    const { Menu, Tooltip } = await import('@mantine/core');
    return { Menu, Tooltip, LanguageMenuItems: () => null };
  });
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(any-hover: hover)' ? hovers : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  return import('../../src/app/shell/deferred');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function shell(DeferredTooltip: Awaited<ReturnType<typeof deferredOn>>['DeferredTooltip']) {
  return render(
    <MantineProvider>
      <DeferredTooltip label="Online">
        <button type="button" aria-label="Online">
          ●
        </button>
      </DeferredTooltip>
    </MantineProvider>,
  );
}

describe('a shell tooltip', () => {
  it('on a phone, where nothing hovers, is the button alone and loads no tooltip code', async () => {
    const { DeferredTooltip } = await deferredOn(false);
    shell(DeferredTooltip);
    const button = screen.getByRole('button', { name: 'Online' });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(overlays.loaded).toBe(false);
  });

  it('where a pointer hovers, loads the tooltip when the button is hovered', async () => {
    const { DeferredTooltip } = await deferredOn(true);
    shell(DeferredTooltip);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Online' }));
    await waitFor(() => expect(overlays.loaded).toBe(true));
  });
});
