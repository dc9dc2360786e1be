/**
 * A part whose code loads when first needed, and again after a failed load
 * (src/app/code-when-needed.tsx, src/lib/retryable-import.ts). The end-to-end test error-boundaries cuts the real
 * chunk's first request in Chromium and sees it fetched again under a query string.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeWhenNeeded } from '../../src/app/code-when-needed';
import { failedModuleUrl, retryableImport } from '../../src/lib/retryable-import';

afterEach(() => {
  vi.useRealTimers();
});

describe('failedModuleUrl', () => {
  it('reads the file out of Chromium and Firefox failures', () => {
    expect(
      failedModuleUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: https://mkopo.example/assets/toaster-Ab1_x.js',
        ),
      ),
    ).toBe('https://mkopo.example/assets/toaster-Ab1_x.js');
    expect(
      failedModuleUrl(
        new TypeError(
          'error loading dynamically imported module: http://127.0.0.1:8080/assets/menu-Q9.js',
        ),
      ),
    ).toBe('http://127.0.0.1:8080/assets/menu-Q9.js');
  });

  it('answers null when the failure names no file', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(
      failedModuleUrl('Failed to fetch dynamically imported module: /assets/a.css'),
    ).toBeNull();
  });
});

describe('retryableImport', () => {
  it('after a failure that names no file, calls the load again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue('the module');
    const importAgain = retryableImport(load);
    await expect(importAgain()).rejects.toThrow('Importing a module script failed.');
    await expect(importAgain()).resolves.toBe('the module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('after a failure that names the file, asks for the file itself, not the same import', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(
        new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:9/gone.js'),
      );
    const importAgain = retryableImport(load);
    await expect(importAgain()).rejects.toThrow('gone.js');
    // Nothing listens there: the file's own request fails, and the load is not called again.
    await expect(importAgain()).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('codeWhenNeeded', () => {
  it('draws nothing until needed, then the loaded part', async () => {
    const load = vi.fn(async () => ({ Part: () => <p>the part</p> }));
    const Part = codeWhenNeeded(load, (module) => module.Part);
    const { rerender } = render(<Part needed={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Part needed />);
    expect(await screen.findByText('the part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a failure that names no file, tries the same load again 2 s later', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ Part: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue({ Part: () => <p>the part</p> });
    const Part = codeWhenNeeded(load, (module) => module.Part);
    render(<Part needed />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the part')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('the part')).toBeTruthy();
  });
});
