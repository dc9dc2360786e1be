/**
 * Debian's Chromium as the tests and benches launch it (docs/architecture.md §9): headless,
 * no sandbox (root in CI), and none of the browser's own background traffic, which this
 * machine's closed network refuses and which would reach the server past a pulled cable.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
