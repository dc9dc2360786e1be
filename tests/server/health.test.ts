import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

describe('GET /api/health/ready', () => {
  it('is ready while the database and the file storage both answer', async () => {
    const res = await call(server, 'GET', '/health/ready');
    expect([res.status, res.body]).toEqual([200, { status: 'ready', db: 'ok', storage: 'ok' }]);
  });

  it('is not ready when the file storage cannot be written', async () => {
    const other = await startTestServer();
    const files = path.join(other.config.dataDir, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a directory');
    const res = await call(other, 'GET', '/health/ready');
    expect([res.status, res.body]).toEqual([
      503,
      { status: 'not ready', db: 'ok', storage: 'unreachable' },
    ]);
    // Liveness is another question: the process and its database are fine.
    expect((await call(other, 'GET', '/health')).status).toBe(200);
    await other.close();
  });
});

describe('request ids', () => {
  it('every answer names its request, and a balancer’s plain id is kept', async () => {
    const fresh = await call(server, 'GET', '/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await call(server, 'GET', '/no-such-thing', undefined, undefined, {
      'x-request-id': 'lb-7f3a9c21e4',
    });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c21e4');
    // Its log lines carry it.
    expect(server.logs.some((line) => line.reqId === 'lb-7f3a9c21e4')).toBe(true);
    const hostile = await call(server, 'GET', '/health', undefined, undefined, {
      'x-request-id': 'x;drop'.repeat(40),
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/metrics', () => {
  const token = 'metrics-token-0123456789';

  it('does not exist without METRICS_TOKEN', async () => {
    expect((await call(server, 'GET', '/metrics')).status).toBe(404);
  });

  it('answers Prometheus text to the token holder only', async () => {
    const other = await startTestServer({ METRICS_TOKEN: token });
    await call(other, 'GET', '/health');
    const scrape = (bearer?: string) =>
      fetch(`${other.api}/metrics`, {
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    expect((await scrape()).status).toBe(401);
    expect((await scrape('metrics-token-wrong-6789')).status).toBe(401);
    const res = await scrape(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /mkopo_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(text).toMatch(/mkopo_mpesa_oldest_pending_seconds\{kind="b2c"\} 0/);
    expect(text).toContain('mkopo_job_runs_total');
    expect(text).toContain('mkopo_idempotent_replays_total');
    await other.close();
  });
});
