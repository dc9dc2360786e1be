/**
 * Local-directory storage: files under DATA_DIR/files, links signed with HMAC and an
 * expiry, served by GET {API_PREFIX}/files/{key}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export type LocalStorage = FileStorage & {
  verify: (key: string, expires: string, signature: string) => boolean;
};

export function localStorage(options: {
  directory: string;
  secret: string;
  /** e.g. http://127.0.0.1:8080/api — read at signing time. */
  baseUrl: () => string;
}): LocalStorage {
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(options.directory, key);
  };
  const sign = (key: string, expires: string) =>
    createHmac('sha256', options.secret).update(`${key}\n${expires}`).digest('base64url');

  return {
    kind: 'local',
    put: async (key, body) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { flag: 'wx' });
    },
    get: async (key) => {
      try {
        return await readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      await rm(fileOf(key), { force: true });
    },
    signedUrl: async (key, expiresInSeconds) => {
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({ expires, signature: sign(key, expires) });
      return `${options.baseUrl()}/files/${key}?${query.toString()}`;
    },
    ping: async () => {
      try {
        await mkdir(options.directory, { recursive: true });
        await access(options.directory, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    verify: (key, expires, signature) => {
      if (!/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
