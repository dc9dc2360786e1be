/**
 * A route's schemas come from the route table (src/domain/routes.ts), by its method and
 * path: `schema: { ...contract('GET /borrower/:id'), tags, summary, params }` gives the
 * route its `body`, `querystring` and success `response` from the table's entry, so the
 * server validates and answers what the client's `http` is typed with. `checkRouteTable`
 * (an onRoute hook) stops the server at start when a documented route is not in the
 * table, names another route's entry, or declares an input or answer of its own.
 */
import type { RouteOptions } from 'fastify';
import {
  routeTable,
  type RouteEntry,
  type RouteKey,
  type RouteTable,
} from '../../src/domain/routes';
import { responseOf, schemaOf, valibotOf, type AnySchema, type RouteSchema } from './validation';

const ROUTE_KEY = Symbol('route key');

type Entry<K extends RouteKey> = RouteTable[K];
type BodyPart<E> = [E] extends [{ body: infer S extends AnySchema }]
  ? { body: RouteSchema<S> }
  : unknown;
type QueryPart<E> = [E] extends [{ query: infer S extends AnySchema }]
  ? { querystring: RouteSchema<S> }
  : unknown;
type StatusOf<E> = [E] extends [{ status: readonly (infer C extends number)[] }] ? C : 200;
type ResponsePart<E, X> = [E] extends [{ view: infer S extends AnySchema }]
  ? { response: { [C in StatusOf<E>]: RouteSchema<S> } & X }
  : unknown;

/** The schema parts of the table's entry `K`, as a route's `schema` takes them. */
export type Contract<K extends RouteKey, X = unknown> = BodyPart<Entry<K>> &
  QueryPart<Entry<K>> &
  ResponsePart<Entry<K>, X> & { readonly [ROUTE_KEY]: K };

/**
 * The route's schemas from the table's entry `key`; `answers` adds further answers to
 * its `response` (`errorAnswers(409)`, a 304…).
 */
export function contract<K extends RouteKey, X extends object = Record<never, never>>(
  key: K,
  answers?: X,
): Contract<K, X> {
  const entry: RouteEntry = routeTable[key];
  const parts: Record<string | symbol, unknown> = { [ROUTE_KEY]: key };
  if (entry.body) parts.body = schemaOf(entry.body);
  if (entry.query) parts.querystring = schemaOf(entry.query);
  const view = entry.view;
  if (view) {
    const statuses = entry.status ?? [200];
    parts.response = {
      ...Object.fromEntries(statuses.map((status) => [status, responseOf(view)])),
      ...answers,
    };
  }
  return parts as Contract<K, X>;
}

/**
 * Only the mark of the table's entry `key`, for a route built by a shared factory whose
 * schemas (the entry's own, read from `routeTable`) are typed by the factory instead.
 */
export function tableMark<K extends RouteKey>(key: K): { readonly [ROUTE_KEY]: K } {
  return { [ROUTE_KEY]: key };
}

/** The path of a table key: `'GET /borrower/:id'` → `'/borrower/:id'`. */
export function pathOf<K extends RouteKey>(key: K): string {
  return key.slice(key.indexOf(' ') + 1);
}

type Declared = {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
  [ROUTE_KEY]?: string;
};

/**
 * Refuses a route the API document shows (a schema not hidden) unless its schemas are its
 * table entry's: the entry of its own method and path, its input and success answers the
 * entry's schemas (a multipart or `ownBody` body is the route's own).
 */
export function checkRouteTable(route: RouteOptions & { prefix?: string }): void {
  const schema = route.schema as Declared | undefined;
  if (!schema || schema.hide) return;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD',
  );
  // The table's paths are the API's, without the prefix it is mounted under (/api).
  const path =
    route.prefix && route.url.startsWith(route.prefix)
      ? route.url.slice(route.prefix.length)
      : route.url;
  for (const method of methods) {
    const key = `${method} ${path}`;
    const problem = problemOf(key, schema);
    if (problem) throw new Error(`${key}: ${problem} (the route table is src/domain/routes.ts)`);
  }
}

function problemOf(key: string, schema: Declared): string | null {
  if (!Object.hasOwn(routeTable, key)) return 'not in the route table';
  if (schema[ROUTE_KEY] !== key) {
    return `its schema is not contract('${key}')${schema[ROUTE_KEY] ? ` but ${schema[ROUTE_KEY]}'s` : ''}`;
  }
  const entry: RouteEntry = routeTable[key as RouteKey];
  const body = valibotOf(schema.body);
  if (entry.body ? body !== entry.body : body && !entry.ownBody) return 'a body not in the table';
  if (valibotOf(schema.querystring) !== entry.query) return 'a query not in the table';
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    const declared = valibotOf(answer);
    if (!declared) continue;
    const listed = (entry.status ?? [200]).includes(Number(status));
    if (!listed || declared !== entry.view) return `an answer ${status} not in the table`;
  }
  return null;
}
