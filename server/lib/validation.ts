/**
 * Routes declare valibot schemas from src/domain; `schemaOf` turns one into the JSON
 * Schema that documents the route in OpenAPI, carrying the valibot schema along so the
 * validator compiler validates with valibot itself (same messages as the client).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { documentedSteps } from '../../src/domain/fields';
import { HttpError } from './http-error';

export type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
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
  if (typeMode === 'input') asTheServerTakesIt(schema as v.GenericSchema, json);
  nullInEnums(json);
  return Object.assign(withoutEmptyRequired(json), { [VALIBOT]: schema }) as RouteSchema<S>;
}

/** The valibot schema a route's schema part came from, if it came from one. */
export function valibotOf(part: unknown): AnySchema | undefined {
  return part && typeof part === 'object' ? (part as Partial<RouteSchema>)[VALIBOT] : undefined;
}

/** What a route takes (body, query, params): validated with valibot, documented as JSON Schema. */
export function schemaOf<S extends AnySchema>(schema: S): RouteSchema<S> {
  return jsonSchemaOf(schema, 'input');
}

/**
 * What a route takes, documented by `document` (given the JSON Schema the converter
 * made) where a rule across fields needs saying; still validated with valibot.
 */
export function schemaDocumentedAs<S extends AnySchema>(
  schema: S,
  document: (json: Record<string, unknown>) => Record<string, unknown>,
): RouteSchema<S> {
  const made = jsonSchemaOf(schema, 'input');
  return Object.assign(document({ ...made }), { [VALIBOT]: schema }) as RouteSchema<S>;
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

type Json = Record<string, unknown>;
type Node = v.GenericSchema & {
  entries?: Record<string, Node>;
  options?: Node[];
  wrapped?: Node;
  item?: Node;
  pipe?: readonly { kind: string; type: string; requirement?: unknown }[];
};

const objectTypes = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

/** The actions of a schema's pipe, and of the pipes of the schemas inside it, in order. */
function actionsOf(schema: Node): { type: string; requirement?: unknown }[] {
  const actions: { type: string; requirement?: unknown }[] = [];
  const walk = (node: Node) => {
    if (node.wrapped) walk(node.wrapped);
    for (const item of node.pipe ?? []) {
      // A pipe's first item is its base schema, which may be a pipe itself (a trimmed text
      // with a further minimum length): its actions come first.
      if (item.kind === 'schema') walk(item as unknown as Node);
      else actions.push(item);
    }
  };
  walk(schema);
  return actions;
}

/**
 * The input JSON Schema as the server takes it, where the converter says less (it stops
 * at the first transform of a pipe):
 * - a field is required when leaving it out is refused (the forms' fields read a missing
 *   value as '' and refuse that), and a default that would be refused is not shown;
 * - a number that may also come as text (numberField, for forms and multipart) is
 *   documented as the number it must be, with the bounds checked after the transform;
 * - a trimmed text that must not be empty needs something other than spaces.
 */
function asTheServerTakesIt(schema: Node, json: Json): void {
  if (objectTypes.has(schema.type) && schema.entries && json.properties) {
    const properties = json.properties as Record<string, Json>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [key, entry] of Object.entries(schema.entries)) {
      const property = properties[key];
      if (!property) continue;
      const absent = v.safeParse(entry, undefined);
      if (!absent.success) {
        required.add(key);
        delete property.default;
      }
      asTheServerTakesIt(entry, property);
    }
    if (required.size > 0) json.required = [...required];
    return;
  }
  const options = schema.options;
  const anyOf = json.anyOf as Json[] | undefined;
  const nullOption = anyOf?.findIndex((option) => option.type === 'null');
  const numberOption = anyOf?.find((option) => isNumberOrText(option.anyOf as Json[]));
  if (anyOf?.length === 2 && nullOption !== -1 && numberOption) {
    // optionalIdField: an id, or none (left out, null or empty text).
    Object.assign(json, numberAsChecked(schema), { nullable: true });
    json.description ??= 'Left out, null or empty: none.';
    delete json.anyOf;
    delete json.default;
    return;
  }
  if (anyOf && isNumberOrText(anyOf)) {
    Object.assign(json, numberAsChecked(schema));
    delete json.anyOf;
    return;
  }
  if (options && anyOf && options.length === anyOf.length) {
    options.forEach((option, index) => asTheServerTakesIt(option, anyOf[index]!));
  } else if (schema.wrapped && !schema.pipe) {
    asTheServerTakesIt(schema.wrapped, json);
  } else if (schema.item && json.items) {
    asTheServerTakesIt(schema.item, json.items as Json);
  }
  if (json.type === 'string') {
    const actions = actionsOf(schema);
    const trimmed = actions.findIndex((action) => action.type === 'trim');
    // The shortest a text may be once trimmed: that many characters between non-spaces.
    const shortest = Math.max(
      0,
      ...actions
        .slice(trimmed + 1)
        .map((action) =>
          action.type === 'non_empty'
            ? 1
            : action.type === 'min_length' && typeof action.requirement === 'number'
              ? action.requirement
              : 0,
        ),
    );
    if (trimmed >= 0 && shortest > 0 && json.pattern === undefined)
      json.pattern = shortest === 1 ? '\\S' : `^\\s*\\S[\\s\\S]{${shortest - 2},}\\S\\s*$`;
  }
}

function isNumberOrText(anyOf: Json[] | undefined): boolean {
  if (!anyOf) return false;
  const types = anyOf.map((option) => option.type).sort();
  return types.length === 2 && types[0] === 'number' && types[1] === 'string';
}

/** A number field's documented bounds: the checks of its pipe, after the text is read. */
function numberAsChecked(schema: Node): Json {
  const json: Json = { type: 'number' };
  for (const action of actionsOf(schema)) {
    const value = action.requirement;
    if (action.type === 'integer') json.type = 'integer';
    else if (action.type === 'min_value' && typeof value === 'number') json.minimum = value;
    else if (action.type === 'max_value' && typeof value === 'number') json.maximum = value;
    else if (action.type === 'gt_value' && typeof value === 'number') {
      json.minimum = value;
      json.exclusiveMinimum = true;
    } else if (action.type === 'lt_value' && typeof value === 'number') {
      json.maximum = value;
      json.exclusiveMaximum = true;
    } else if (action.type === 'check' && documentedSteps.has(value as never)) {
      json.multipleOf = documentedSteps.get(value as never);
    }
  }
  return json;
}

/**
 * A nullable choice (`v.nullable(v.picklist(…))`) lists null among its values: OpenAPI 3.0
 * says `nullable` does not add null to an `enum`, so validators would refuse the null.
 */
function nullInEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInEnums);
  if (!node || typeof node !== 'object') return;
  const record = node as Json;
  const anyOf = record.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const choice = anyOf.find((option) => Array.isArray(option.enum));
    const none = anyOf.find((option) => option.type === 'null');
    if (choice && none) {
      delete record.anyOf;
      Object.assign(record, choice, {
        enum: [...(choice.enum as unknown[]), null],
        nullable: true,
      });
    }
  }
  Object.values(record).forEach(nullInEnums);
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

/**
 * Validates with the route's valibot schema. A body left out is read as `{}` (a form whose
 * fields are all optional); one sent as anything but an object where an object is
 * expected is refused before this (server/lib/input-guard.ts).
 */
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
