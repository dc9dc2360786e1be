/**
 * The OpenAPI document at /api/openapi.json is a valid OpenAPI 3 document, as a standard
 * validator reads it (@apidevtools/swagger-parser: the schema of OpenAPI itself, and every
 * $ref resolved), so clients generated from it and tools that read it take it as it is.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server';

type OpenApiOperation = { responses?: Record<string, { content?: unknown }> };

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
