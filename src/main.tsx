import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { registerServiceWorker, useUpdateOffered } from './app/pwa/register-service-worker';
import { ScreenErrorBoundary } from './app/error-boundary';
import { AppRoutes } from './app/router';
import { theme, themeStorageManager } from './app/theme';
import { SessionProvider } from './lib/session';

const colorSchemeManager = themeStorageManager();

// The offline shell belongs to the built app; in development Vite serves fresh modules.
if (import.meta.env.PROD) void registerServiceWorker();

// The toast container and the update prompt load when first needed: no first screen
// shows either, and they do not fit in the landing page's JS budget (docs/architecture.md §8).
const Toaster = lazy(async () => ({ default: (await import('./app/toaster')).Toaster }));
const UpdatePrompt = lazy(async () => ({
  default: (await import('./app/pwa/update-prompt')).UpdatePrompt,
}));

/** Toasts: top right, 420 px, one at a time, 5 s (the spec's "Shell: sidebar and top bar", "Business constants and limits"). */
const toasts = { position: 'top-right', limit: 1, containerWidth: 420, autoClose: 5000 } as const;
// Toasts raised before the container has loaded wait in the store in the same order.
notificationsStore.updateState((state) => ({
  ...state,
  limit: toasts.limit,
  defaultPosition: toasts.position,
}));

/** Mounts the toast container with the first toast, and keeps it from then on. */
function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...toasts} />
    </Suspense>
  );
}

function UpdateOffer() {
  if (!useUpdateOffered()) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Toasts />
      <UpdateOffer />
      <ScreenErrorBoundary>
        <SessionProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </ScreenErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
