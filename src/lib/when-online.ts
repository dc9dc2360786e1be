/**
 * Runs `run` once, when the device is back online or after `timeout` ms, whichever comes
 * first; answers the cancel. For work that failed for want of a connection (a file cut
 * halfway) and should not wait for a reload.
 */
export function whenOnlineOrAfter(run: () => void, timeout: number): () => void {
  const cancel = () => {
    window.removeEventListener('online', once);
    window.clearTimeout(timer);
  };
  const once = () => {
    cancel();
    run();
  };
  const timer = window.setTimeout(once, timeout);
  window.addEventListener('online', once);
  return cancel;
}
