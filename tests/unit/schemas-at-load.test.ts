// @vitest-environment node
/**
 * Making the schemas formats no number. The public pages import them, and the first number
 * a page formats loads the browser's locale data: about 9 ms of a login page's start on this
 * machine, 90 ms on a slow phone, for sentences that only a refused value shows. A sentence
 * with a number in it is written when a value breaks its rule (a message function).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the request and form schemas', () => {
  it('format no number when their modules load', async () => {
    const formatted = vi.spyOn(Number.prototype, 'toLocaleString');
    const made = vi.spyOn(Intl, 'NumberFormat');
    vi.resetModules();
    const modules = import.meta.glob('../../src/domain/*.ts');
    await Promise.all(Object.values(modules).map((load) => load()));
    expect(Object.keys(modules).length).toBeGreaterThan(30);
    expect(formatted).not.toHaveBeenCalled();
    expect(made).not.toHaveBeenCalled();
  });

  it('still write the number, grouped, when a value breaks the rule', async () => {
    const { maxLengthOf, pageText } = await import('../../src/domain/fields');
    const tooLong = v.safeParse(
      v.pipe(v.string(), maxLengthOf('The note', 1000)),
      'x'.repeat(1001),
    );
    expect(tooLong.issues?.[0]?.message).toBe('The note must be at most 1,000 characters');
    const page = v.safeParse(pageText, '0');
    expect(page.issues?.[0]?.message).toMatch(/^Page must be a whole number from 1 to [\d,]+\.$/);
  });
});
