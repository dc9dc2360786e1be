/**
 * File storage port (docs/architecture.md §1): documents are put under a key and read back through
 * a link that expires. Two adapters: a local directory (default) and any S3-compatible
 * store (S3_* settings).
 */
export type StoredFile = { key: string; contentType: string; size: number };

export type FileStorage = {
  kind: 'local' | 's3';
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
  /** A link to the file valid for `expiresInSeconds`. */
  signedUrl: (key: string, expiresInSeconds: number) => Promise<string>;
  /** Whether the store can be written to now (readiness: GET /api/health/ready). */
  ping: () => Promise<boolean>;
};

export const SIGNED_URL_TTL_SECONDS = 15 * 60;
