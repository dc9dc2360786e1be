/** Secrets: from the environment, or generated on first start and kept in DATA_DIR. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secrets generated into DATA_DIR when the environment sets none (backups carry them). */
export const GENERATED_SECRETS = [
  'jwt-secret',
  'mpesa-callback-secret',
  'sms-callback-secret',
  'mfa-secret-key',
];

export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'jwt-secret');
}

/**
 * The key second factors' secrets are encrypted under: MFA_SECRET_KEY, or generated once in
 * DATA_DIR. Apart from the JWT secret on purpose: rotating that one must not make every
 * enrolled authenticator unreadable.
 */
export function resolveMfaSecretKey(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'mfa-secret-key');
}

/** The M-Pesa callback path segment: MPESA_CALLBACK_SECRET, or generated once in DATA_DIR. */
export function resolveCallbackSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'mpesa-callback-secret');
}

/** The SMS delivery-report path segment: SMS_CALLBACK_SECRET, or generated once in DATA_DIR. */
export function resolveSmsCallbackSecret(configured: string | undefined, dataDir: string): string {
  return resolveSecret(configured, dataDir, 'sms-callback-secret');
}

function resolveSecret(configured: string | undefined, dataDir: string, name: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
