/**
 * Routes declare valibot schemas from src/domain; `schemaOf` turns one into the JSON
 * Schema that documents the route in OpenAPI, carrying the valibot schema along so the
 * validator compiler validates with valibot itself (same messages as the client).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { HttpError } from './http-error';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
const VALIBOT = Symbol('valibot');

/** A route's JSON Schema, carrying the valibot schema it came from (and its type). */
export type RouteSchema<S extends AnySchema = AnySchema> = Record<string, unknown> & {
  readonly [VALIBOT]: S;
};

function jsonSchemaOf<S extends AnySchema>(schema: S, typeMode: 'input' | 'output') {
  const json = toJsonSchema(schema as v.GenericSchema, {
    errorMode: 'ignore',
    typeMode,
  }) as Record<string, unknown>;
  delete json.$schema;
  return Object.assign(withoutEmptyRequired(json), { [VALIBOT]: schema }) as RouteSchema<S>;
}

/** What a route takes (body, query, params): validated with valibot, documented as JSON Schema. */
export function schemaOf<S extends AnySchema>(schema: S): RouteSchema<S> {
  return jsonSchemaOf(schema, 'input');
}

/**
 * What a route answers (a `response` status): the JSON Schema Fastify serialises with
 * (fields the schema does not name are not sent) and that documents the answer in
 * OpenAPI; the client types the same answer with `v.InferOutput` of the schema.
 */
export function responseOf<S extends AnySchema>(schema: S): RouteSchema<S> {
  return jsonSchemaOf(schema, 'output');
}

/**
 * The value a handler may hand over for a wire type: timestamps travel as ISO strings,
 * which the serialiser writes from the Date the database gives.
 */
export type Wire<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/**
 * Types each route's request and reply from its schemas (`app.withTypeProvider`):
 * `request.body` is the valibot output of `body`, and what the handler returns must fit
 * the `response` schemas, so a route cannot restate a type that drifts from its schema.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends RouteSchema<infer S> ? v.InferOutput<S> : unknown;
  serializer: this['schema'] extends RouteSchema<infer S> ? Wire<v.InferOutput<S>> : unknown;
}

/**
 * An object whose fields all have defaults comes out with `required: []`, which OpenAPI
 * 3.0 forbids (it asks for at least one name): the empty list is dropped, at any depth.
 */
function withoutEmptyRequired<T>(node: T): T {
  if (Array.isArray(node)) {
    node.forEach(withoutEmptyRequired);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.required) && record.required.length === 0) delete record.required;
    Object.values(record).forEach(withoutEmptyRequired);
  }
  return node;
}

/** The first message per field, for forms that show errors next to inputs. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function validationError(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  return new HttpError(400, issues[0]?.message ?? 'The request is not valid.', fieldErrors(issues));
}

export const valibotValidatorCompiler: FastifySchemaCompiler<RouteSchema> = ({ schema }) => {
  const valibotSchema = schema[VALIBOT];
  if (!valibotSchema) return (data) => ({ value: data });
  return (data) => {
    const result = v.safeParse(valibotSchema as v.GenericSchema, data ?? {});
    if (result.success) return { value: result.output };
    return { error: validationError(result.issues) };
  };
};

/** Validates a value that does not come through a route schema (multipart fields…). */
export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}
