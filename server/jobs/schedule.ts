/**
 * The in-process schedule of the hourly jobs (fines, SMS): shortly after start, then every
 * hour, one run at a time. Stopping it (the server's shutdown) clears the timers, asks a
 * run in progress to stop between two of its steps, and waits for it: the jobs are
 * idempotent, so the next run finishes what a stopped one left.
 */

const FIRST_RUN_AFTER_MS = 5_000;
const EVERY_MS = 3600_000;

export function scheduleHourly(
  run: (signal: AbortSignal) => Promise<unknown>,
  log: (error: unknown) => void,
): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = run(stopping.signal)
      .then(() => undefined, log)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, FIRST_RUN_AFTER_MS);
  const timer = setInterval(tick, EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
