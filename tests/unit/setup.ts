/**
 * Setup for the unit project (happy-dom): jest-dom matchers, and an unmounted DOM after
 * every test (testing-library cleans up by itself only when test globals are on).
 * findBy… and waitFor wait up to 10 s, not testing-library's 1 s: CI runs the unit tests
 * beside the server tests on 2 cores, where a lazy chunk or a form can take longer to show.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
