/**
 * Routes declare valibot schemas from src/domain; `schemaOf` turns one into the JSON
 * Schema that documents the route in OpenAPI, carrying the valibot schema along so the
 * validator compiler validates with valibot itself (same messages as the client).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';
import { HttpError } from './http-error';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
const VALIBOT = Symbol('valibot');

export type RouteSchema = Record<string, unknown> & { [VALIBOT]?: AnySchema };

export function schemaOf(schema: AnySchema): RouteSchema {
  const json = toJsonSchema(schema as v.GenericSchema, {
    errorMode: 'ignore',
    typeMode: 'input',
  }) as Record<string, unknown>;
  delete json.$schema;
  return Object.assign(withoutEmptyRequired(json), { [VALIBOT]: schema });
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
