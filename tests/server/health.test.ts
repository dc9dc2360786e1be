import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/health', () => {
  it('reports the server and the database up', async () => {
    const res = await call(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(server, 'GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Not found.' });
  });

  it('publishes the OpenAPI schema', async () => {
    const res = await call(server, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/auth/{role}/login');
  });

  it('answers 503 when the database is gone', async () => {
    const other = await startTestServer();
    await other.database.close();
    const res = await call(other, 'GET', '/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', db: 'unreachable' });
    await other.app.close();
  });
});
