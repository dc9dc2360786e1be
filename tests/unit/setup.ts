/**
 * Setup for the unit project. Its files run in happy-dom unless one says
 * `// @vitest-environment node` (a test of plain logic, which then loads none of the DOM's
 * test tools). With a DOM: jest-dom matchers, and an unmounted DOM after every test
 * (testing-library cleans up by itself only when test globals are on). findBy… and waitFor
 * wait up to 10 s, not testing-library's 1 s: CI runs the unit tests beside the server tests
 * on 2 cores, where a lazy chunk or a form can take longer to show.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => {
    cleanup();
  });
}
