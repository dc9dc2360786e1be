/**
 * Mantine's components take their ids from src/lib/mantine-use-id.ts in the build
 * (build/mantine-use-id.ts): React's ids, kept, where Mantine's own hook swaps each for a
 * random one after mount and so draws every input, label and menu twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useId as mantineOwnUseId } from '@mantine/hooks';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { mantineUseId } from '../../build/mantine-use-id';
import { useId } from '../../src/lib/mantine-use-id';

function fieldWith(hook: (staticId?: string) => string, renders: string[]) {
  return function Field({ id }: { id?: string }) {
    const inputId = hook(id);
    renders.push(inputId);
    return (
      <label htmlFor={inputId}>
        Name <input id={inputId} />
      </label>
    );
  };
}

/** The field prerendered, then hydrated: each id it rendered with, and React's complaints. */
async function hydrated(hook: (staticId?: string) => string, id?: string) {
  const renders: string[] = [];
  const Field = fieldWith(hook, renders);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field id={id} />);
  const prerendered = container.querySelector('input')!.id;
  document.body.append(container);
  renders.length = 0;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Field id={id} />, { onRecoverableError: (e) => errors.push(e) });
  });
  const input = container.querySelector('input')!;
  container.remove();
  return { prerendered, renders, errors, id: input.id };
}

describe("Mantine's useId in the build", () => {
  it('keeps the prerendered id and renders once as it hydrates', async () => {
    const { prerendered, renders, errors, id } = await hydrated(useId);
    expect(prerendered).toMatch(/^mantine-/);
    expect(renders).toEqual([prerendered]);
    expect(id).toBe(prerendered);
    expect(errors).toEqual([]);
  });

  it('gives a component its own id when it is handed one', async () => {
    const { renders, id } = await hydrated(useId, 'email');
    expect(renders).toEqual(['email']);
    expect(id).toBe('email');
  });

  it("is needed: Mantine's own hook draws the field again with another id", async () => {
    const { prerendered, renders, id } = await hydrated(mantineOwnUseId);
    expect(renders).toHaveLength(2);
    expect(id).not.toBe(prerendered);
  });

  it("replaces the module @mantine/hooks' barrel exports useId from", () => {
    const barrel = path.resolve('node_modules/@mantine/hooks/esm/index.mjs');
    expect(readFileSync(barrel, 'utf8')).toContain("export { useId } from './use-id/use-id.mjs';");
    const plugin = mantineUseId();
    const resolveId = plugin.resolveId as (source: string, importer?: string) => unknown;
    expect(resolveId.call({}, './use-id/use-id.mjs', barrel)).toBe(
      path.resolve('src/lib/mantine-use-id.ts'),
    );
    expect(resolveId.call({}, './use-id/use-id.mjs', path.resolve('src/main.tsx'))).toBeNull();
  });
});
