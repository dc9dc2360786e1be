/**
 * Text the database must never see: NUL (PostgreSQL refuses it in text), other control
 * characters (C0 except tab, line feed and carriage return; DEL; C1) and lone UTF-16
 * surrogates. They are refused with 400 in every string and key of a JSON body, the
 * query string and the path parameters (one preValidation hook for every route), and in
 * multipart fields and file names (readMultipart). Tab and line breaks are allowed
 * everywhere: free text (comments, descriptions) needs them, and in a one-line field
 * they are harmless once trimmed or refused by the field's own pattern.
 *
 * The same hook refuses what no route reads but code after validation could trip on: a
 * JSON body nested deeper than any form (recursive code overflows its stack), and a
 * multipart body sent to a route that does not declare multipart in `consumes`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inputText } from '../../src/i18n/input';
import { badRequest, HttpError } from './http-error';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 64;

export function hasForbiddenCharacter(text: string): boolean {
  return CONTROL.test(text) || LONE_SURROGATE.test(text);
}

type Finding = { field: string | null };

/**
 * Where the first forbidden character is: `{ field }` names the field holding it (null
 * for a value without a usable name: a top-level string, a key), or null if there is none.
 */
export function findForbiddenCharacter(
  value: unknown,
  field: string | null = null,
  depth = 0,
): Finding | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? { field } : null;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findForbiddenCharacter(item, field, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenCharacter(key)) return { field: null };
    const found = findForbiddenCharacter(item, key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 (with the field's error, for forms) for the first forbidden character. */
export function refuseForbiddenCharacters(value: unknown): void {
  const found = findForbiddenCharacter(value);
  if (!found) return;
  const message = inputText.controlCharacter(found.field);
  throw badRequest(message, found.field ? { [found.field]: message } : undefined);
}

/** Whether `value` holds arrays or objects more than `max` levels deep (without recursion). */
export function isNestedDeeperThan(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > max) return true;
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item !== 'object' || item === null) continue;
      for (const child of Object.values(item)) next.push(child);
    }
    level = next;
  }
  return false;
}

/** A body sent where the route declares an object body is an object (not null, an array…). */
function isObjectBodyAsDeclared(request: FastifyRequest): boolean {
  const declared = (request.routeOptions.schema as { body?: { type?: unknown } } | undefined)?.body;
  if (declared?.type !== 'object') return true;
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) {
      const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)
        ?.consumes;
      if (!consumes?.includes('multipart/form-data')) throw new HttpError(415, inputText.jsonOnly);
    } else if (isNestedDeeperThan(request.body, MAX_DEPTH)) {
      throw badRequest(inputText.nestedTooDeeply);
    } else if (request.headers['content-type'] !== undefined && !isObjectBodyAsDeclared(request)) {
      // v.object takes an array, and a JSON null reads like no body: both would run the
      // route as if it had been sent {} (["2000-01-01"] ran today's fines).
      throw badRequest(inputText.bodyNotObject);
    }
    refuseForbiddenCharacters(request.params);
    refuseForbiddenCharacters(request.query);
    refuseForbiddenCharacters(request.body);
  });
}
