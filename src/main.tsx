import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { theme, themeStorageManager } from './app/theme';
import { SessionProvider } from './lib/session';

const colorSchemeManager = themeStorageManager();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {/* Toasts: top right, 420 px, one at a time, 5 s (spec part 1 §2.10, §9). */}
      <Notifications position="top-right" containerWidth={420} limit={1} autoClose={5000} />
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);
