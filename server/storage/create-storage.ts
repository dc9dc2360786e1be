import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/** S3-compatible storage when S3_ENDPOINT is set, else DATA_DIR/files. */
export function createStorage(
  config: Config,
  local: { secret: string; baseUrl: () => string },
): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage({ directory: path.join(config.dataDir, 'files'), ...local });
}
