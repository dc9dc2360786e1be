/**
 * The OpenAPI document at /api/openapi.json is a valid OpenAPI 3 document, as a standard
 * validator reads it (@apidevtools/swagger-parser: the schema of OpenAPI itself, and every
 * $ref resolved), so clients generated from it and tools that read it take it as it is.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server';

type OpenApiOperation = {
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  parameters?: { in: string; name: string; schema: { pattern?: string; enum?: unknown[] } }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: unknown[];
};

async function operationsOf(server: TestServer) {
  const res = await call(server, 'GET', '/openapi.json');
  const paths = res.body.paths as Record<string, Record<string, OpenApiOperation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3 validator', async () => {
    const res = await call(server, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(String(res.body.openapi)).toMatch(/^3\./);
    const problems: string[] = [];
    try {
      await SwaggerParser.validate(structuredClone(res.body) as OpenAPI.Document);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
    expect(problems).toEqual([]);
  });

  it('declares the body of every 2xx answer of every operation', async () => {
    const res = await call(server, 'GET', '/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, OpenApiOperation>>;
    const undeclared: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const answers = Object.entries(operation.responses ?? {}).filter(([code]) =>
          code.startsWith('2'),
        );
        // A 204 has no body; every other success names its content.
        const declared =
          answers.length > 0 &&
          answers.every(([code, answer]) => code === '204' || answer.content !== undefined);
        if (!declared) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(undeclared).toEqual([]);
  });

  it('lists no empty required array anywhere (OpenAPI 3.0 needs at least one name)', async () => {
    const res = await call(server, 'GET', '/openapi.json');
    const empty: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`));
      for (const [key, value] of Object.entries(node)) {
        if (key === 'required' && Array.isArray(value) && value.length === 0) empty.push(where);
        walk(value, `${where}.${key}`);
      }
    };
    walk(res.body, '$');
    expect(empty).toEqual([]);
  });
});

describe('the rules every operation follows (so a route added later follows them too)', () => {
  it('every error answer is the one ErrorView', async () => {
    const off: string[] = [];
    for (const { name, path, operation } of await operationsOf(server)) {
      // A health check's 503 is its own report (what is not ready), not a refusal.
      if (path.startsWith('/health')) continue;
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        const ref = answer.content?.['application/json']?.schema?.$ref;
        if (ref !== '#/components/schemas/ErrorView') off.push(`${name} ${status}`);
      }
    }
    expect(off).toEqual([]);
  });

  it('bearer security, 401 and 403 exactly where a token is needed; 503 everywhere', async () => {
    const off: string[] = [];
    for (const { name, operation } of await operationsOf(server)) {
      const answers = Object.keys(operation.responses ?? {});
      const secured = JSON.stringify(operation.security ?? []) === '[{"bearer":[]}]';
      if (secured !== (answers.includes('401') && answers.includes('403')))
        if (secured || name !== 'POST /auth/{role}/login') off.push(`${name}: 401/403`);
      if (!answers.includes('503')) off.push(`${name}: 503`);
    }
    expect(off).toEqual([]);
  });

  it('the Idempotency-Key header, with 409 and 422, on every write of a signed-in user', async () => {
    const off: string[] = [];
    for (const { name, method, operation } of await operationsOf(server)) {
      const write = ['POST', 'PUT', 'PATCH'].includes(method) && operation.security;
      const header = operation.parameters?.some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
      const answers = Object.keys(operation.responses ?? {});
      if (Boolean(write) !== Boolean(header)) off.push(`${name}: header`);
      if (write && !(answers.includes('409') && answers.includes('422')))
        off.push(`${name}: 409/422`);
    }
    expect(off).toEqual([]);
  });

  it('one rule for path ids (with 400 and 404) and for pages', async () => {
    const off: string[] = [];
    for (const { name, operation } of await operationsOf(server)) {
      const answers = Object.keys(operation.responses ?? {});
      for (const parameter of operation.parameters ?? []) {
        const pattern = parameter.schema.pattern;
        // Ids follow the one rule; a path parameter that is a choice (a role, a file's kind)
        // lists its values instead.
        if (parameter.in === 'path' && !parameter.schema.enum) {
          if (pattern !== '^[1-9]\\d{0,14}$') off.push(`${name}: ${parameter.name} ${pattern}`);
          if (!answers.includes('400') || !answers.includes('404')) off.push(`${name}: 400/404`);
        }
        if (
          parameter.in === 'query' &&
          parameter.name === 'page' &&
          pattern !== '^(?:[1-9]\\d{0,5}|1000000)$'
        )
          off.push(`${name}: page ${pattern}`);
        if (
          parameter.in === 'query' &&
          parameter.name === 'limit' &&
          pattern !== '^(?:[1-9]\\d{0,1}|100)$'
        )
          off.push(`${name}: limit ${pattern}`);
      }
    }
    expect(off).toEqual([]);
  });

  it('the five multipart operations document their fields and files', async () => {
    const multipart = (await operationsOf(server)).filter(
      ({ operation }) => operation.requestBody?.content['multipart/form-data'],
    );
    expect(multipart.map(({ name }) => name).sort()).toEqual([
      'PATCH /auth/lender/profile',
      'POST /borrower/register',
      'POST /lender-business/register',
      'POST /loan-agreement-uploads/files',
      'PUT /borrower/{id}',
    ]);
    for (const { operation } of multipart) {
      const schema = operation.requestBody!.content['multipart/form-data']!.schema as {
        properties: Record<string, { format?: string }>;
        required?: string[];
      };
      const files = Object.values(schema.properties).filter((field) => field.format === 'binary');
      expect(files.length).toBeGreaterThan(0);
      expect(schema.required?.length ?? 0).toBeGreaterThan(0);
    }
  });
});
