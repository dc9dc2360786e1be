/**
 * The whole app under its providers, without a router: the browser wraps it in a
 * BrowserRouter (src/main.tsx), the build's prerenderer in a StaticRouter
 * (src/app/prerender.tsx), so both render the same tree and hydration matches.
 */
import { MantineProvider } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { StrictMode, useState, type ReactNode } from 'react';
import { codeWhenNeeded } from './code-when-needed';
import { useUpdateOffered } from './pwa/register-service-worker';
import { ScreenErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';
import { theme, themeStorageManager } from './theme';
import { SessionProvider } from '../lib/session';
import { toasts } from './toast-settings';

// Toasts raised before the container has loaded wait in the store in the same order.
notificationsStore.updateState((state) => ({
  ...state,
  limit: toasts.limit,
  defaultPosition: toasts.position,
}));

// The toast container and the update prompt load when first needed: no first screen
// shows either, and they do not fit in the landing page's JS budget (docs/architecture.md §8).
const Toaster = codeWhenNeeded(
  () => import('./toaster'),
  (module) => module.Toaster,
);
const UpdatePrompt = codeWhenNeeded(
  () => import('./pwa/update-prompt'),
  (module) => module.UpdatePrompt,
);

/** Mounts the toast container with the first toast, and keeps it from then on. */
function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return <Toaster needed={needed} {...toasts} />;
}

function UpdateOffer() {
  return <UpdatePrompt needed={useUpdateOffered()} />;
}

const colorSchemeManager = themeStorageManager();

/**
 * A built page carries the theme's CSS variables and Mantine's global classes in its
 * <head>, written by the build from this theme (build/prerender.ts), so the provider does
 * not compute them on every page load: on a phone 4× slower than this machine that was a
 * step of 70 ms or more in the first render, and 30 ms of the entry's evaluation. The dev
 * server's page has no such step, so there the provider writes them.
 */
const themeStylesInPage = import.meta.env.PROD;

/** The app; `Router` is BrowserRouter in the browser and StaticRouter when prerendering. */
export function App({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        withCssVariables={!themeStylesInPage}
        withGlobalClasses={!themeStylesInPage}
      >
        <Toasts />
        <UpdateOffer />
        <ScreenErrorBoundary>
          <SessionProvider>
            <Router>
              <AppRoutes />
            </Router>
          </SessionProvider>
        </ScreenErrorBoundary>
      </MantineProvider>
    </StrictMode>
  );
}
