/**
 * A part whose code is a chunk of its own (src/lib/lazy-component.tsx), and the borrower
 * dialog built on it: the screens that hold the dialog draw without the form's code, and
 * load it once they are drawn.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../src/lib/lazy-component';

const form = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../src/features/borrowers/components/borrower-form', () => {
  form.loaded = true;
  return { BorrowerForm: () => <p>the borrower form</p> };
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('loads its code the first time it renders, showing the fallback meanwhile', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = lazyComponent(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Wanjiru" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Wanjiru')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without suspending, once loaded ahead', async () => {
    const Lazy = lazyComponent(async () => Greeting);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Otieno" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Otieno')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('loads again when shown after a load ahead failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Akinyi" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Akinyi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the borrower dialog', () => {
  it("draws closed without the form's code, then loads it, and shows the form when opened", async () => {
    const { BorrowerFormDialog } = await import(
      '../../src/features/borrowers/components/borrower-form-dialog'
    );
    expect(form.loaded).toBe(false);
    const dialog = (editing: { mode: 'create' } | null) => (
      <MantineProvider>
        <BorrowerFormDialog
          editing={editing}
          defaultBusinessId={1}
          onClose={() => undefined}
          onSaved={() => undefined}
        />
      </MantineProvider>
    );
    const { rerender } = render(dialog(null));
    await waitFor(() => expect(form.loaded).toBe(true));
    rerender(dialog({ mode: 'create' }));
    expect(await screen.findByText('the borrower form')).toBeInTheDocument();
  });
});
