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

/**
 * Runs `run` just after the browser's next paint (in a task posted from the frame's
 * animation callbacks, which runs once the frame is drawn); answers the cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
