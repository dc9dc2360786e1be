/**
 * fast-check arbitraries built from the JSON Schemas of the OpenAPI document: values the
 * document calls valid, and one-field mutations it calls invalid. The valid side keeps
 * to printable ASCII (the API refuses control characters in every string, a rule the
 * document states once in its description rather than on each field) and to small
 * sizes, so a run stays quick.
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  default?: unknown;
};

export type Components = Record<string, JsonSchema>;

/** The schema a `$ref` (#/components/schemas/X) names, followed until it names none. */
export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    const name = current.$ref.split('/').pop()!;
    current = components[name] ?? {};
  }
  return current;
}

/** The schema with every `$ref` replaced by what it names (the document has no cycles). */
export function inlineRefs(schema: unknown, components: Components, depth = 0): unknown {
  if (depth > 30 || !schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, components, depth + 1));
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const { $ref: _ref, ...rest } = record;
    return inlineRefs(
      { ...resolve(record as JsonSchema, components), ...rest },
      components,
      depth + 1,
    );
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, inlineRefs(value, components, depth + 1)]),
  );
}

// eslint-disable-next-line no-control-regex -- the API refuses these; valid text avoids them
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

const text = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: Math.max(min, max) });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  const fits = (value: string) =>
    value.length >= min &&
    value.length <= (schema.maxLength ?? Infinity) &&
    !CONTROL.test(value) &&
    (schema.pattern === undefined || new RegExp(schema.pattern).test(value));
  switch (schema.format) {
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.stringMatching(/^[a-z]{3,10}@[a-z]{3,10}\.co\.ke$/);
    default:
  }
  // A trimmed text's pattern only asks for non-spaces at its ends: plain text, filtered.
  const trimmedText = schema.pattern === '\\S' || schema.pattern?.startsWith('^\\s*\\S');
  if (schema.pattern && !trimmedText) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  return text(min, max).filter(fits);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true;
  const exclusiveMax = schema.exclusiveMaximum === true;
  let min = schema.minimum ?? -1_000_000;
  let max = schema.maximum ?? 1_000_000;
  if (schema.type === 'integer') {
    if (exclusiveMin) min += 1;
    if (exclusiveMax) max -= 1;
    // Small values are as good a test as huge ones, and name records more often.
    const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 100) });
    return fc.oneof(small, fc.integer({ min, max: Math.min(max, Number.MAX_SAFE_INTEGER) }));
  }
  const step = schema.multipleOf ?? 0.01;
  const lowest = Math.ceil(min / step) + (exclusiveMin ? 1 : 0);
  const highest = Math.floor(Math.min(max, 1e12) / step) - (exclusiveMax ? 1 : 0);
  return fc
    .integer({ min: lowest, max: Math.max(lowest, highest) })
    .map((n) => Number((n * step).toFixed(2)));
}

/** Values the schema calls valid. */
export function validArbitrary(schema: JsonSchema, components: Components): fc.Arbitrary<unknown> {
  const node = resolve(schema, components);
  const plain = valueArbitrary(node, components);
  return node.nullable ? fc.oneof({ weight: 4, arbitrary: plain }, fc.constant(null)) : plain;
}

function valueArbitrary(node: JsonSchema, components: Components): fc.Arbitrary<unknown> {
  if (node.enum) return fc.constantFrom(...node.enum);
  const options = node.anyOf ?? node.oneOf;
  if (options) return fc.oneof(...options.map((option) => validArbitrary(option, components)));
  if (node.allOf) return validArbitrary(Object.assign({}, ...node.allOf), components);
  switch (node.type) {
    case 'string':
      return stringArbitrary(node);
    case 'integer':
    case 'number':
      return numberArbitrary(node);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArbitrary(node.items ?? {}, components), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 3, 3),
      });
    case 'object':
      return objectArbitrary(node, components);
    default:
      return fc.constant('text');
  }
}

export function objectArbitrary(
  node: JsonSchema,
  components: Components,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = node.properties ?? {};
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, validArbitrary(value, components)]),
    ),
    { requiredKeys: (node.required ?? []).filter((key) => key in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * A value of the wrong kind or out of the bounds of `schema`, or undefined when the schema
 * takes anything (an object without properties, a string without limits…).
 */
export function invalidValue(schema: JsonSchema, components: Components): unknown {
  const node = resolve(schema, components);
  if (node.enum) return 'not-one-of-the-choices';
  if (node.anyOf ?? node.oneOf) return { not: 'any of the options' };
  switch (node.type) {
    case 'string':
      if (node.format === 'binary') return undefined;
      if (node.maxLength !== undefined) return 'x'.repeat(node.maxLength + 1);
      return { not: 'a string' };
    case 'integer':
    case 'number':
      if (node.maximum !== undefined) return node.maximum + 1;
      if (node.minimum !== undefined) return node.minimum - 1;
      return 'not a number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not an array';
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}
