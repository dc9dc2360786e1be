/**
 * A package loaded at its first use instead of at start: a start loads only what every
 * instance needs (PDF statements, S3, SMTP and upload sniffing wait for their first
 * request), and the same load serves every later call.
 */
export function loadLater<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
