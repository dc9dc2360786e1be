/**
 * The published OpenAPI document is the contract, checked the way an outside fuzzer would
 * (Schemathesis-style) against the real server on a small lending book: for every
 * operation in /api/openapi.json and every role (none, agent, lender, admin), requests
 * are generated from the operation's own schemas with fast-check — some the document
 * calls valid, some it calls invalid (one thing wrong: a path id that is not an id, a
 * required field left out, a field of the wrong kind or out of bounds, a body that is not
 * an object, a page out of range, a malformed Idempotency-Key) — and every answer must:
 *
 * - not be a 5xx;
 * - have a status the operation documents, and a JSON body that validates against the
 *   schema documented for that status (ajv);
 * - for a valid request: not be refused by validation. A validation refusal is a 400 with
 *   `errors` (the field map every schema refusal carries); a 400 that is one sentence
 *   without `errors` is a business rule the schema cannot state (a link that expired, a
 *   loan in the wrong state), and is allowed, as are 401/403/404/409/422/429;
 * - for an invalid request: not be accepted (no 2xx).
 *
 * A value the document cannot describe (a Kenyan phone number, a strong password, the
 * id of a record of this book) comes from the table of realistic values below, as a
 * client fills a form: the rest of each request is generated. Destructive operations
 * (erasing a borrower, suspending or blocking accounts, signing out) run after every
 * other operation, so the rest of the run speaks as signed-in roles on a whole book.
 * CONFORMANCE_SEED=n replays a run; CONFORMANCE_RUNS=n sends n valid and n invalid
 * requests per operation and role (2 by default, to stay within about a minute).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { adminToken, lendingBook } from '../support/fixtures';
import { PNG } from '../support/files';
import {
  inlineRefs,
  invalidValue,
  resolve,
  validArbitrary,
  type Components,
  type JsonSchema,
} from '../support/json-schema-arbitrary';
import { applyForLoan, disbursedLoan } from '../support/money';
import { call, startTestServer, type TestServer } from '../support/test-server';

type Role = 'none' | 'agent' | 'lender' | 'admin';
const ROLES: Role[] = ['none', 'agent', 'lender', 'admin'];

type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: unknown[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Components };
};

type Request = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  json?: unknown;
  form?: Record<string, string | Blob>;
  /** What is wrong with it, for an invalid request. */
  wrong?: string;
};

const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 2);
const SEED = Number(process.env.CONFORMANCE_SEED ?? Date.now() % 1_000_000);

/** Operations that end or change what the other requests rely on: they run last, in this order. */
const DESTRUCTIVE = [
  'POST /borrower/{id}/erase',
  'DELETE /lenderbusinesstype/{id}',
  'PATCH /agent/{id}/suspend',
  'PATCH /agent/reassign-to-new-lender-business/{id}/reassign',
  'PATCH /admin/lender/{id}/suspend',
  'PATCH /admin/lender/{id}/block',
  'PATCH /admin/lender/reject/{id}',
  'POST /auth/logout',
];

let server: TestServer;
let doc: Document;
const tokens: Partial<Record<Role, string>> = {};
/** Ids of this book's records, by the names fields and path parameters give them. */
const ids: Record<string, number[]> = {};
let everyId: number[] = [];
let unique = 0;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await call(server, 'GET', '/openapi.json')).body as Document;
  const { lender, agent, plan, borrowers } = await lendingBook(server, {
    capital: 50_000,
    borrowers: 3,
  });
  const active = await disbursedLoan(server, agent, lender, {
    borrowerId: borrowers[0]!.id,
    planId: plan.id,
    principal: 1000,
  });
  const pending = await applyForLoan(server, agent, lender, {
    borrowerId: borrowers[1]!.id,
    planId: plan.id,
    principal: 500,
  });
  tokens.agent = agent.token;
  tokens.lender = lender.token;
  tokens.admin = await adminToken(server);
  const cycles = await call(
    server,
    'GET',
    `/repayment-cycle/all-from-lender-business/${lender.businessId}`,
    undefined,
    lender.token,
  );
  Object.assign(ids, {
    lender: [lender.id],
    business: [lender.businessId],
    agent: [agent.id],
    area: [agent.areaId],
    borrower: borrowers.map((borrower) => borrower.id),
    loan: [active.id, pending.id],
    plan: [plan.id],
    cycle: (cycles.body as { id: number }[]).map((cycle) => cycle.id),
  });
  everyId = [...new Set(Object.values(ids).flat())];
}, 180_000);

afterAll(async () => {
  await server?.close();
});

/** Which kind of record a field or path parameter names. */
function kindOf(name: string): string | null {
  const key = name.toLowerCase();
  if (/region|type|mpesa|repayment(?!cycle)|admin/.test(key)) return null;
  if (key.includes('borrower')) return 'borrower';
  if (key.includes('loanplan') || key === 'loanplanid') return 'plan';
  if (key.includes('loan')) return 'loan';
  if (key.includes('area')) return 'area';
  if (key.includes('cycle')) return 'cycle';
  if (key.includes('business')) return 'business';
  if (key.includes('agent')) return 'agent';
  if (key.includes('lender') || key === 'userid') return 'lender';
  return null;
}

/** A realistic value for a field the schema cannot fully describe, or undefined. */
function realistic(name: string, schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const next = () => (unique += 1);
  const phone = fc.constant(null).map(() => `07${String(20_000_000 + next()).slice(-8)}`);
  const values: Record<string, fc.Arbitrary<unknown>> = {
    phoneNumber: phone,
    nextOfKinNumber: phone,
    alternativePhoneNumber: fc.constantFrom('', '0799000111'),
    email: fc.constant(null).map(() => `fuzz-${SEED}-${next()}@example.co.ke`),
    password: fc.constant('Fuzz#2026a'),
    confirmPassword: fc.constant('Fuzz#2026a'),
    idNumber: fc.constant(null).map(() => String(50_000_000 + next())),
    dob: fc.constant('1990-04-12'),
    consent: fc.constant('true'),
    consentVersion: fc.constant(BORROWER_CONSENT_VERSION),
    consentAt: fc.constant(undefined),
    paybillNumber: fc.constant(null).map(() => String(700_000 + next())),
    gender: schema.enum ? fc.constantFrom(...schema.enum) : fc.constant('female'),
    olderThanMinutes: fc.integer({ min: 0, max: 1440 }),
    date: fc.constant(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)),
  };
  if (values[name]) return values[name];
  const kind = kindOf(name);
  const node = resolve(schema, doc.components.schemas);
  if (kind && ids[kind] && (node.type === 'integer' || node.type === 'number'))
    return fc.constantFrom(...ids[kind]!);
  // An id written as text (a query parameter).
  if (kind && ids[kind] && node.pattern?.startsWith('^[1-9]'))
    return fc.constantFrom(...ids[kind]!.map(String));
  return undefined;
}

/** A body: realistic values where the table has one, the schema's own elsewhere. */
function bodyArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const node = resolve(schema, doc.components.schemas);
  // One object per case (a rule across fields): any of them.
  if (node.oneOf) return fc.oneof(...node.oneOf.map(bodyArbitrary));
  const properties = node.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      realistic(name, property) ?? validArbitrary(property, doc.components.schemas),
    ]),
  );
  const required = (node.required ?? []).filter((name) => name in properties);
  return fc
    .record(fields, { requiredKeys: required })
    .map((body) =>
      Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    );
}

function idArbitrary(parameter: Parameter): fc.Arbitrary<string> {
  const kind = kindOf(parameter.name);
  const known = kind && ids[kind] ? ids[kind]! : everyId;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.map(String)) },
    { weight: 1, arbitrary: validArbitrary(parameter.schema, {}).map(String) },
  );
}

function sample<T>(arbitrary: fc.Arbitrary<T>, runs: number, offset: number): T[] {
  return fc.sample(arbitrary, { numRuns: runs, seed: SEED + offset });
}

/** `runs` requests the document calls valid. */
function validRequests(
  method: string,
  path: string,
  operation: Operation,
  offset: number,
  runs = RUNS,
) {
  const parameters = operation.parameters ?? [];
  const pathArbs = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [
        parameter.name,
        parameter.schema.pattern ? idArbitrary(parameter) : validArbitrary(parameter.schema, {}),
      ]),
  );
  const queryArbs = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [
        parameter.name,
        (realistic(parameter.name, parameter.schema) ?? validArbitrary(parameter.schema, {})).map(
          String,
        ),
      ]),
  );
  const required = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => parameter.name);
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data']?.schema;
  const body = json ?? multipart;
  const arbitrary = fc.record({
    path: fc.record(pathArbs),
    query: fc.record(queryArbs, { requiredKeys: required }),
    body: body ? bodyArbitrary(body) : fc.constant(undefined),
    keyed: fc.boolean(),
  });
  return sample(arbitrary, runs, offset).map(({ path: values, query, body: value, keyed }) => {
    const request: Request = {
      method,
      path: fill(path, values as Record<string, string>),
      query: query as Record<string, string>,
      headers: keyed && method !== 'GET' ? { 'idempotency-key': `fuzz-${SEED}-${unique++}` } : {},
    };
    if (json) request.json = value;
    if (multipart) request.form = formOf(multipart, value as Record<string, unknown>);
    return request;
  });
}

/** Multipart fields as text, files as a small PNG (a borrower's passport photo, not its ID). */
function formOf(
  schema: JsonSchema,
  values: Record<string, unknown>,
): Record<string, string | Blob> {
  const form: Record<string, string | Blob> = {};
  const properties = resolve(schema, doc.components.schemas).properties ?? {};
  const files = Object.keys(properties).filter((name) => properties[name]!.format === 'binary');
  const skip = files.includes('passportPhoto') ? ['idFront', 'idBack'] : [];
  for (const [name, property] of Object.entries(properties)) {
    if (property.format === 'binary') {
      if (!skip.includes(name)) form[name] = new Blob([PNG], { type: 'image/png' });
    } else if (values[name] !== undefined && values[name] !== null) {
      form[name] = String(values[name]);
    }
  }
  return form;
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}

/** Requests with one thing wrong, each as the document would have it refused. */
function invalidRequests(
  method: string,
  path: string,
  operation: Operation,
  offset: number,
  runs = RUNS,
) {
  const [base] = validRequests(method, path, operation, offset + 7);
  if (!base) return [];
  const parameters = operation.parameters ?? [];
  const mutations: { wrong: string; apply: (request: Request) => void }[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'path' && p.schema.pattern)) {
    for (const bad of ['0', '-1', '1.5', 'abc', '01', '1e3', '9999999999999999']) {
      mutations.push({
        wrong: `path ${parameter.name}=${bad}`,
        apply: (request) => {
          request.path = withParameter(path, base.path, parameter.name, bad);
        },
      });
    }
  }
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const bad = invalidValue(parameter.schema, {});
    if (bad === undefined || typeof bad === 'object') continue;
    mutations.push({
      wrong: `query ${parameter.name}=${String(bad).slice(0, 20)}`,
      apply: (request) => {
        request.query = { ...request.query, [parameter.name]: String(bad) };
      },
    });
  }
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data']?.schema;
  const body = json ?? multipart;
  if (body) {
    const whole = resolve(body, doc.components.schemas);
    const node = whole.oneOf?.[0] ?? whole;
    for (const name of node.required ?? []) {
      mutations.push({
        wrong: `body without ${name}`,
        apply: (request) => {
          if (request.json) delete (request.json as Record<string, unknown>)[name];
          if (request.form) delete request.form[name];
        },
      });
    }
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const bad = invalidValue(property, doc.components.schemas);
      if (bad === undefined) continue;
      // Multipart fields are text: a value of another kind is not sendable there.
      if (multipart && typeof bad === 'object') continue;
      mutations.push({
        wrong: `body ${name}=${JSON.stringify(bad).slice(0, 20)}`,
        apply: (request) => {
          if (request.json) request.json = { ...(request.json as object), [name]: bad };
          if (request.form) request.form = { ...request.form, [name]: String(bad) };
        },
      });
    }
    if (json) {
      for (const bad of [[], null, 'text']) {
        mutations.push({
          wrong: `body ${JSON.stringify(bad)}`,
          apply: (request) => {
            request.json = bad;
          },
        });
      }
    }
  }
  if (method !== 'GET' && method !== 'DELETE' && operation.security) {
    mutations.push({
      wrong: 'idempotency-key "short"',
      apply: (request) => {
        request.headers = { ...request.headers, 'idempotency-key': 'short' };
      },
    });
  }
  if (mutations.length === 0) return [];
  return sample(fc.constantFrom(...mutations), runs, offset).map((mutation) => {
    const request: Request = structuredClone({ ...base, form: undefined });
    if (base.form) request.form = { ...base.form };
    mutation.apply(request);
    request.wrong = mutation.wrong;
    return request;
  });
}

/** The filled path `actual` of template `path`, with one parameter replaced by `bad`. */
function withParameter(path: string, actual: string, name: string, bad: string) {
  const filled = actual.split('/');
  return path
    .split('/')
    .map((segment, index) => (segment === `{${name}}` ? bad : (filled[index] ?? segment)))
    .join('/');
}

async function send(request: Request, role: Role) {
  const query = new URLSearchParams(request.query).toString();
  const headers: Record<string, string> = { ...request.headers };
  const token = role === 'none' ? undefined : tokens[role];
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (request.form) {
    body = new FormData();
    for (const [name, value] of Object.entries(request.form)) {
      if (typeof value === 'string') body.append(name, value);
      else body.append(name, value, `${name}.png`);
    }
  } else if ('json' in request && request.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json ?? null);
  }
  const response = await fetch(`${server.api}${request.path}${query ? `?${query}` : ''}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  const json =
    type.includes('json') && raw.length > 0 ? (JSON.parse(raw.toString()) as unknown) : undefined;
  return { status: response.status, type, json };
}

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(inlineRefs(schema, doc.components.schemas) as object);
    validators.set(key, validate);
  }
  return validate;
}

describe('the API answers as its document says', () => {
  it('for every operation × role, with generated valid and invalid requests', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let pairs = 0;
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operation,
        })),
      )
      .sort(
        (a, b) =>
          DESTRUCTIVE.indexOf(`${a.method} ${a.path}`) -
          DESTRUCTIVE.indexOf(`${b.method} ${b.path}`),
      );
    expect(operations.length).toBeGreaterThan(100);
    for (const [index, { method, path, operation }] of operations.entries()) {
      const name = `${method} ${path}`;
      for (const [roleIndex, role] of ROLES.entries()) {
        pairs += 1;
        const offset = index * 10 + roleIndex;
        // Without a token a guarded operation answers 401 whatever else is sent: one of each.
        const runs = role === 'none' && operation.security ? 1 : RUNS;
        const batch = [
          ...validRequests(method, path, operation, offset, runs),
          ...invalidRequests(method, path, operation, offset, runs),
        ];
        for (const request of batch) {
          const answer = await send(request, role);
          requests += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const where = `${name} as ${role} ${request.wrong ? `(invalid: ${request.wrong})` : '(valid)'} ${request.path}?${new URLSearchParams(request.query).toString()} → ${answer.status} ${JSON.stringify(answer.json ?? '').slice(0, 160)}`;
          if (answer.status >= 500) failures.push(`5xx: ${where}`);
          const documented = operation.responses[String(answer.status)];
          if (!documented) {
            failures.push(`undocumented status: ${where}`);
            continue;
          }
          const schema = documented.content?.['application/json']?.schema;
          if (schema && answer.type.includes('json')) {
            const validate = validatorFor(`${name} ${answer.status}`, schema);
            if (!validate(answer.json))
              failures.push(`body off its schema: ${where} ${ajv.errorsText(validate.errors)}`);
          }
          const body = answer.json as { errors?: unknown } | undefined;
          if (!request.wrong && answer.status === 400 && body?.errors)
            failures.push(`valid request refused by validation: ${where}`);
          if (request.wrong && answer.status >= 200 && answer.status < 300)
            failures.push(`invalid request accepted: ${where}`);
        }
      }
    }
    const seen = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(
      `conformance (seed ${SEED}): ${operations.length} operations × ${ROLES.length} roles = ${pairs} pairs, ${requests} requests; statuses ${seen.map(([status, count]) => `${status}×${count}`).join(' ')}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
