/**
 * Debian's Chromium as the tests and benches launch it (docs/architecture.md §9): headless,
 * no sandbox (root in CI), and none of the browser's own background traffic, which this
 * machine's closed network refuses and which would reach the server past a pulled cable.
 */
import { existsSync } from 'node:fs';

/** The whole browser, as a phone runs it: what the benches measure. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the end-to-end tests drive: Debian's chromium-headless-shell when installed
 * (the same Chromium release, built for headless work only, as Playwright itself runs its
 * headless tests), else the whole browser. The shell draws no browser window around the
 * page, and the suite costs about a sixth less processor time in it; every test passes in
 * both. CHROMIUM_PATH chooses one for tests and benches alike.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Since Chromium 150 each navigation gets a new document host (its RenderDocument feature),
 * and DevTools' offline emulation (Playwright's offline switch) no longer carries
 * navigator.onLine false into it: a page taken offline that navigates reads onLine true
 * again, and the app says it is online. A phone without signal reads false in every
 * document, so the tests that take the browser offline turn the feature off. The benches
 * keep Chromium as a phone runs it.
 */
export const OFFLINE_EMULATION_ARGS = ['--disable-features=RenderDocument'];

/** The end-to-end tests' Chromium arguments. */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, ...OFFLINE_EMULATION_ARGS];

/**
 * A persistent profile's Chromium, for what an incognito context cannot show (Chromium
 * never calls an incognito page installable): the tests' switches but those that turn off
 * the browser's own background work.
 */
export const PERSISTENT_PROFILE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  ...OFFLINE_EMULATION_ARGS,
];
