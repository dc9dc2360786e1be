// dayjs declares its locales' modules here (dayjs/locale/sw, imported below on a Kiswahili phone).
/// <reference types="dayjs/locale" />
// Mantine's rules every component needs; each component's own come with its code
// (build/mantine-component-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { unstable_forceFrameRate as sliceRendersAt } from 'scheduler';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadPrerenderedPage, preloadSignedInScreen } from './app/router';
import { handedOverAttribute, keptOnScreen, prerenderedFor } from './lib/prerendered-pages';
import { registerServiceWorker } from './app/pwa/register-service-worker';
import { afterLoadWhenIdle } from './app/pwa/offline-shell';
import { appLanguage, applyKiswahili } from './i18n/language';
import { storageKeys } from './lib/storage-keys';

// The offline shell belongs to the built app; in development Vite serves fresh modules.
if (import.meta.env.PROD) afterLoadWhenIdle(() => void registerServiceWorker());

const root = document.getElementById('root')!;

// A sign-in page's island signed in and opened this page: it says so.
if (sessionStorage.getItem(storageKeys.signedIn)) {
  sessionStorage.removeItem(storageKeys.signedIn);
  void import('./lib/signed-in-toast').catch(() => undefined);
}
const app = <App router={BrowserRouter} />;

/**
 * The public pages arrive prerendered (docs/architecture.md §8): painted before any JS,
 * then hydrated. They were rendered for a first visit: nobody signed in, in English. A
 * visitor for whom the page draws otherwise (signed in, so a login page sends them on;
 * Kiswahili chosen) gets a fresh render instead of a hydration that cannot match, and so
 * does a sign-in page whose island ran and handed it over (src/sign-in-islands.ts).
 */
function start() {
  const firstVisit = !localStorage.getItem(storageKeys.token) && appLanguage() === 'en';
  const asBuilt = !root.hasAttribute(handedOverAttribute);
  if (root.hasChildNodes() && firstVisit && asBuilt && prerenderedFor(window.location.pathname)) {
    // The page's code first, then hydration as a transition: React yields to the browser
    // every few milliseconds instead of holding the main thread for the whole page (what
    // Lighthouse's TBT counts on a slow phone). Nothing can be typed meanwhile: a
    // prerendered form's fields stay disabled until the whole page has hydrated
    // (src/features/auth/components/prerendered-form.tsx).
    // If the chunk cannot load (a deploy replaced it), hydration meets the same failure
    // inside React, where the error boundary reloads once for the new version.
    void preloadPrerenderedPage(window.location.pathname)
      .catch(() => undefined)
      .then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    // The shell's placeholder (shell.html) stays on the screen until React's first render
    // replaces it (React empties the root as it commits), and so does a login whose island
    // asked for the code step (its form says "Signing in..." meanwhile); a prerendered page
    // drawn for somebody else goes at once.
    const kept = root.getAttribute(handedOverAttribute) === keptOnScreen;
    if (!kept && !root.querySelector(':scope > .shell-skeleton')) root.replaceChildren();
    renderFirstScreen(createRoot(root));
  }
}

/**
 * Scheduler's frame rate while the first screen renders: slices of 50 ms, not its 5 ms.
 */
const FIRST_SCREEN_SLICES_PER_SECOND = 20;

/** Puts Scheduler's slices back to their default once the first screen is committed. */
function AfterFirstCommit() {
  useEffect(() => sliceRendersAt(0), []);
  return null;
}

/**
 * The first screen renders as a transition, in slices of about 50 ms between which the
 * browser has the main thread, then Scheduler's slices are 5 ms again for every later
 * render. At once, the agent's dashboard was one task of 225 ms on a phone 6× slower than
 * this machine and 340 ms at 8× (`bench:phone`, 5 runs beside the build without it), the
 * journey's longest; in slices its longest task is 114 and 155 ms, and the open 892 → 905 ms
 * at 6× and 1,197 → 1,241 ms at 8×, within the runs' spread. (In Scheduler's own 5 ms
 * slices the open took about 100 ms longer.) Nothing on the placeholder can be tapped
 * meanwhile, but a task over 200 ms is what a phone's browser counts as blocking. What is
 * not the first screen's waits for its commit (AgentOfflineSync, src/app/routes/agent-pages.tsx):
 * loaded as it rendered, it ran between the slices, before the screen.
 */
function renderFirstScreen(reactRoot: Root) {
  sliceRendersAt(FIRST_SCREEN_SLICES_PER_SECOND);
  startTransition(() =>
    reactRoot.render(
      <>
        {app}
        <AfterFirstCommit />
      </>,
    ),
  );
}

/**
 * Somebody signed in opens on a signed-in screen: its code is loaded before the first render
 * (preloadSignedInScreen says why), while shell.html's placeholder is on the screen. Should it
 * take long (a first visit on a slow network), the app renders anyway after a few seconds
 * and the screen follows when its code is in. On a Kiswahili phone only once the Kiswahili
 * texts are in: what a module copies from a catalogue as it loads (a table's column headers)
 * would stay English.
 */
function startWhenScreenLoaded() {
  const screen = localStorage.getItem(storageKeys.token)
    ? preloadSignedInScreen(window.location.pathname)
    : undefined;
  if (!screen) return start();
  void Promise.race([screen, new Promise((resolve) => setTimeout(resolve, 4000))]).then(start);
}

// A phone set to Kiswahili gets the Kiswahili texts (one chunk, precached with the rest)
// before anything renders, so no screen shows English first, and dayjs's Kiswahili month and
// day names for the date pickers (Mantine's DatesProvider); an English phone never loads
// them (src/i18n/language.ts). Should a chunk fail to load, the app runs in English.
if (appLanguage() === 'sw') {
  void Promise.all([
    import('./i18n/sw').then(({ swahili }) => applyKiswahili(swahili)),
    import('dayjs/locale/sw'),
  ])
    .catch(() => undefined)
    .then(startWhenScreenLoaded);
} else {
  // In a task of its own: evaluating the app's modules is a long task on a slow phone
  // already, and starting the page's chunk (the import and its preloads) would lengthen it.
  setTimeout(startWhenScreenLoaded, 0);
}
