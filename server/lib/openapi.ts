/**
 * What every operation of the OpenAPI document says beyond its own schemas, derived from
 * how the route is declared, so a route added later is documented by the same rules:
 *
 * - the error answers it can give, all in one shape (`ErrorView`, what the error handler
 *   in server/app.ts sends): 400 when it takes input, 401 and 403 when a guard
 *   (requireRole and its kin) stands before it, 404 when it names a record by id, 409 and
 *   422 when it takes an Idempotency-Key, 413 and 415 when it takes a body, 503 always
 *   (the database away). A route adds its own (409 for a business rule, 429…) with
 *   `errorAnswers(...)` in its `response`;
 * - the bearer requirement, on exactly the guarded routes;
 * - the `Idempotency-Key` header, where server/plugins/idempotency.ts reads it (a POST,
 *   PUT or PATCH of a signed-in user).
 *
 * tests/server/conformance.test.ts sends generated requests to every operation as every
 * role and fails on any status or body the document does not declare.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { MAX_ID } from '../../src/domain/lender-profile';
import { routeGuardOf } from '../plugins/auth';
import { checkRouteTable } from './contract';
import { ID_PATTERN } from './params';
import { schemaOf, type AnySchema } from './validation';

export const ERROR_VIEW = 'ErrorView';

/** The body of every 4xx and 5xx answer (server/lib/http-error.ts, the error handler). */
export const errorViewSchema = {
  $id: ERROR_VIEW,
  type: 'object',
  description:
    'An error: the HTTP status, a sentence a user can read, and for a refused form the first message of each field.',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'object',
      description: 'Field (dot path) → its first message.',
      additionalProperties: { type: 'string' },
    },
    code: {
      type: 'string',
      description:
        'A machine-readable marker, on some errors only: second_factor_enrolment_required, second_factor_step_up_required.',
    },
  },
} as const;

/** What each error status means, as the document tells it. */
const MEANING: Record<number, string> = {
  400: 'Refused: the request is not valid (message says why; errors names the fields). A path id that is not a whole number from 1 to 999,999,999,999,999 is refused here, the same on every route.',
  401: 'No valid access token: sign in (again).',
  403: 'Signed in, but this account may not do this (its role, or a lender not yet approved).',
  404: 'A record the request names (by an id in the path, query or body) does not exist, or is not yours.',
  409: 'Refused by the state of the records (a business rule), or the same Idempotency-Key is still being processed.',
  413: 'The body is too large.',
  415: 'The body is not of a type this operation takes.',
  422: 'This Idempotency-Key was already used for a different request.',
  429: 'Too many attempts: wait and try again.',
  503: 'The database is briefly unavailable: try again in a moment (Retry-After).',
};

/** Declared error answers: `response: { 200: …, ...errorAnswers(409, 429) }`. */
export function errorAnswers(...statuses: number[]): Record<number, Record<string, unknown>> {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)]));
}

function errorAnswer(status: number) {
  return { description: MEANING[status] ?? 'Refused.', $ref: `${ERROR_VIEW}#` };
}

export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9._:-]{8,200}$';

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

type IdLike = { pattern?: string; type?: string; maximum?: number };

/** A field or parameter that names a record: an id in the path, query or body. */
const isId = (field: IdLike) =>
  field.pattern === ID_PATTERN || (field.type === 'integer' && field.maximum === MAX_ID);

type Schema = Record<string, unknown> & {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: { properties?: Record<string, { pattern?: string }> };
  headers?: Record<string, unknown> & { properties?: Record<string, unknown> };
  consumes?: string[];
  response?: Record<string, unknown>;
  security?: unknown;
};

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** Adds the shared answers, security and headers to a route's schema (an onRoute hook). */
export function documentRoute(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide) return;
  const guard = routeGuardOf(route.onRequest);
  const takesBody = methodsOf(route).some((method) => bodyMethods.has(method));
  const params = Object.values(schema.params?.properties ?? {});
  const statuses = new Set<number>([503]);
  if (takesBody || schema.body || schema.querystring || params.length > 0) statuses.add(400);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  const named = [schema.params, schema.querystring, schema.body].flatMap((part) =>
    Object.values((part as { properties?: Record<string, IdLike> } | undefined)?.properties ?? {}),
  );
  if (named.some(isId)) statuses.add(404);
  if (guard) {
    statuses.add(401);
    statuses.add(403);
    schema.security = [{ bearer: [] }];
    if (takesBody) {
      statuses.add(409);
      statuses.add(422);
      const headers = schema.headers ?? { type: 'object', properties: {} };
      headers.properties = {
        ...headers.properties,
        'idempotency-key': {
          type: 'string',
          pattern: IDEMPOTENCY_KEY_PATTERN,
          description:
            'Does this write once: a repeat with the same key gets the first answer back (Idempotent-Replayed: true); the same key on a different request answers 422.',
        },
      };
      schema.headers = headers;
    }
  }
  const response = (schema.response ??= {});
  for (const status of statuses) response[status] ??= errorAnswer(status);
}

/**
 * Registers the error view and the hooks (the route table's check, then these rules); call
 * before any route is declared.
 */
export function registerApiDocumentRules(app: FastifyInstance): void {
  app.addSchema(errorViewSchema);
  app.addHook('onRoute', checkRouteTable);
  app.addHook('onRoute', documentRoute);
}

/**
 * The documentation of a multipart/form-data body: its fields as the valibot schemas the
 * handler parses them with (readMultipart, then parseOrThrow) say, and its files. It is
 * documentation only: it carries no valibot schema, so Fastify's validation lets the
 * stream through to the handler, which validates fields and files itself.
 */
export function multipartBody(
  fields: readonly AnySchema[],
  files: { required?: readonly string[]; optional?: readonly string[] },
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const schema of fields) {
    const json = schemaOf(schema) as { properties?: Record<string, unknown>; required?: string[] };
    Object.assign(properties, json.properties);
    required.push(...(json.required ?? []));
  }
  const file = {
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP or PDF.',
  };
  for (const name of [...(files.required ?? []), ...(files.optional ?? [])])
    properties[name] = file;
  required.push(...(files.required ?? []));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
  };
}
