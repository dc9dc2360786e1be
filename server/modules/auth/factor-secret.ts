/**
 * TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from MFA_SECRET_KEY, or
 * the key generated into DATA_DIR (server/secrets.ts). The user's id is the additional data, so
 * a ciphertext copied onto another user's row does not decrypt. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the version leaves room for a later key.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type FactorSecrets = {
  encrypt: (userId: number, secret: string) => string;
  decrypt: (userId: number, stored: string) => string;
};

export function factorSecrets(masterKey: string): FactorSecrets {
  const key = Buffer.from(
    hkdfSync('sha256', masterKey, Buffer.alloc(0), 'mkopo totp secret v1', 32),
  );
  return {
    encrypt(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(String(userId)));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    decrypt(userId, stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) {
        throw new Error('unknown second-factor secret format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(String(userId)));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
