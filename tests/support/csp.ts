/**
 * The script-src the built pages must be sent with: this origin, and the built pages' two
 * inline scripts by their SHA-256 (src/app/inline-scripts.ts), computed here apart from
 * the server's own code.
 */
import { createHash } from 'node:crypto';
import { inlineScripts } from '../../src/app/inline-scripts';

export const scriptSrc = [
  "'self'",
  ...inlineScripts.map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  ),
].join(' ');
