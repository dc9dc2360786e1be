/**
 * Setup for the unit project (happy-dom): jest-dom matchers, and an unmounted DOM after
 * every test (testing-library cleans up by itself only when test globals are on).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
