/**
 * The build's prerender entry (docs/architecture.md §8): renders a public page to HTML
 * with React's `prerender` (react-dom/static), which waits for every lazy chunk, so the
 * page arrives whole. build/prerender.ts runs it in Node for each page of
 * src/lib/prerendered-pages.ts and writes the result into the built HTML, where
 * src/main.tsx hydrates it.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import {
  Box,
  Input,
  MantineProvider,
  Notification,
  PasswordInput,
  getDefaultZIndex,
  rem,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { AuthErrorAlert } from '../components/auth-layout';
import { signInTemplates } from '../lib/prerendered-pages';
import { toasts } from './toast-settings';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { ShellSkeleton } from './shell/shell-skeleton';
import { theme } from './theme';

export async function renderPage(url: string): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  // An error inside a Suspense boundary would leave its fallback in the page, for the
  // browser to render again: a page that cannot prerender whole fails the build instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(<App router={router} />, {
    onError: (error) => void errors.push(error),
    // Every Suspense boundary's HTML in its place: past this many bytes React would move a
    // boundary's content to the end of the page with an inline script to put it back,
    // which the CSP refuses (and the browser would then render the boundary again).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (html.includes('<script') || html.includes('<!--$?-->')) {
    errors.push(new Error('a Suspense boundary was left pending or moved by a script'));
  }
  if (errors.length > 0) {
    throw new Error(`prerendering ${url} failed: ${errors.map(String).join('; ')}`, {
      cause: errors[0],
    });
  }
  return html;
}

/**
 * The shell's placeholder as static HTML, for shell.html's root: what an app route paints
 * before its code runs. No role: the page's inline script names it (src/app/inline-scripts.ts).
 */
export function renderShellSkeleton(): string {
  return renderToStaticMarkup(<ShellSkeleton />);
}

/**
 * The theme's CSS variables and Mantine's global classes, as Mantine's provider writes them
 * (its <style> tags), for every built page's <head>: the app's provider leaves them out of
 * a built page (src/app/app.tsx).
 */
export function renderThemeStyles(): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{null}</MantineProvider>);
}

/** Static markup under the theme, without the <style> tags every built page has already. */
function markupOf(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
}

/**
 * The <template> tags of a sign-in page (signInTemplates): what its island draws besides
 * the form, rendered by Mantine's own components as the app's login form draws them
 * (src/features/auth/components/login-form.tsx), each with a stand-in text for the island
 * to replace (Mantine leaves out the element of an empty text).
 */
export function renderSignInTemplates(): string {
  const standIn = '…';
  const shown = markupOf(<PasswordInput size="md" visible readOnly />).match(/<svg[\s\S]*?<\/svg>/);
  if (!shown) throw new Error("prerender: PasswordInput's toggle has no icon");
  const parts: Record<keyof typeof signInTemplates, string> = {
    alert: markupOf(<AuthErrorAlert>{standIn}</AuthErrorAlert>),
    fieldError: markupOf(<Input.Error size="md">{standIn}</Input.Error>),
    toast: markupOf(
      <Box
        className={Notifications.classes.root}
        data-position={toasts.position}
        style={{
          '--notifications-z-index': String(getDefaultZIndex('overlay')),
          '--notifications-container-width': rem(toasts.containerWidth),
        }}
      >
        <Notification color="red" title={standIn}>
          {standIn}
        </Notification>
      </Box>,
    ),
    passwordShown: shown[0],
  };
  return Object.entries(parts)
    .map(
      ([name, html]) =>
        `<template id="${signInTemplates[name as keyof typeof signInTemplates]}">${html}</template>`,
    )
    .join('');
}
