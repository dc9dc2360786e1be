/**
 * Short codes people read aloud and type as M-Pesa account numbers: an alphabet
 * without 0/O, 1/I/L (docs/architecture.md §4), compared case-insensitively.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const LOAN_CODE_LENGTH = 8;
export const BUSINESS_CODE_LENGTH = 6;

/** A random code; `randomValues` fills a byte array (crypto.getRandomValues). */
export function randomCode(
  length: number,
  randomValues: (bytes: Uint8Array) => Uint8Array,
): string {
  const alphabet = CODE_ALPHABET;
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let code = '';
  while (code.length < length) {
    for (const byte of randomValues(new Uint8Array(length * 2))) {
      if (byte < limit && code.length < length) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
