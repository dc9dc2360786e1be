/** Password hashing with argon2id (OWASP's recommended parameters). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum; its value is 2. isolatedModules forbids importing it.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// A real hash of a random password, so an unknown email costs as much as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
