/**
 * A dynamic import that can be tried again after it failed (a connection dropped halfway
 * through the file). A browser may keep a failed module in the page's module map, as the
 * HTML standard has it, and Chromium does from version 150: the same import() then
 * answers the same failure, for good, without asking the network. After a failure whose
 * error names the file, the next call asks for it under `?attempt=N`, a new module the
 * browser fetches (the service worker's precache serves it as the file itself).
 */
export const RETRY_PARAMETER = 'attempt';

/**
 * The file a failed dynamic import names in its error (Chromium's "Failed to fetch
 * dynamically imported module: <url>", Firefox's likewise), or null (Safari names none;
 * it fetches the file again by itself).
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /\bhttps?:\/\/[^\s'"]+\.m?js(?=$|[\s'"?#])/.exec(message)?.[0] ?? null;
}

export function retryableImport<M>(load: () => Promise<M>): () => Promise<M> {
  let failedUrl: string | null = null;
  let attempts = 0;
  return () => {
    const loading = failedUrl
      ? (import(
          /* @vite-ignore */ `${failedUrl}?${RETRY_PARAMETER}=${(attempts += 1)}`
        ) as Promise<M>)
      : load();
    return loading.catch((error: unknown) => {
      failedUrl ??= failedModuleUrl(error);
      throw error;
    });
  };
}
