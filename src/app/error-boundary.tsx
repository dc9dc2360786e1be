/**
 * What a user sees instead of a blank screen when a screen fails to render: a sentence
 * and a way out (Reload, Go to dashboard, Log out). One boundary wraps the whole app,
 * one each route, and one the dashboard's content so the sidebar stays usable.
 *
 * A lazy chunk that fails to load is most often an old page after a deploy (a PWA can
 * stay open, or offline, for days): the app reloads once by itself to fetch the new
 * version, and only shows the error if that did not help.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { errorText } from '../i18n/errors';

/** Used when even the error screen's code cannot be loaded (an old page, offline). */
function PlainErrorScreen() {
  return (
    <p role="alert" style={{ padding: 24, textAlign: 'center' }}>
      {errorText.newVersionText}{' '}
      <button type="button" onClick={() => window.location.reload()}>
        {errorText.reload}
      </button>
    </p>
  );
}

const ErrorScreen = lazy(() =>
  import('./error-screen').then(
    (module) => ({ default: module.ErrorScreen }),
    () => ({ default: PlainErrorScreen }),
  ),
);

function Fallback(props: FallbackProps) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen {...props} />
    </Suspense>
  );
}

/** Catches render errors below it; a new `resetKey` (the path) tries again. */
export function ScreenErrorBoundary({
  resetKey,
  children,
}: {
  resetKey?: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary FallbackComponent={Fallback} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}
