/**
 * Runs `run` when the browser has nothing better to do (at the latest after `timeout` ms);
 * answers the cancel. Work the first screen does not need waits here, so a slow phone draws
 * that screen first.
 */
export function whenIdle(run: () => void, timeout = 4000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, Math.min(timeout, 2000));
  return () => window.clearTimeout(id);
}
