/**
 * The route table (src/domain/routes.ts) is the API's list of operations: every route the
 * server registers and documents is in it under its own method and path, and every entry
 * is a route the server registers. A route whose schemas are not its entry's stops the
 * server at start (server/lib/contract.ts, an onRoute hook).
 */
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageAnswer } from '../../src/domain/answers';
import { routeTable } from '../../src/domain/routes';
import { contract } from '../../server/lib/contract';
import { registerApiDocumentRules } from '../../server/lib/openapi';
import { responseOf } from '../../server/lib/validation';
import { call, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  // With a metrics token the server also registers GET /metrics, which is in the table.
  server = await startTestServer({ METRICS_TOKEN: 'route-table-metrics-token' });
});

afterAll(async () => {
  await server?.close();
});

/** The document writes `{id}` where Fastify and the table write `:id`. */
const asTableKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

describe('the route table', () => {
  it('lists exactly the operations the server registers, by method and path', async () => {
    const res = await call(server, 'GET', '/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const registered = Object.entries(paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => asTableKey(method, path)))
      .sort();
    const listed = Object.keys(routeTable).sort();
    expect(registered.filter((key) => !listed.includes(key))).toEqual([]);
    expect(listed.filter((key) => !registered.includes(key))).toEqual([]);
    expect(listed).toHaveLength(registered.length);
  });

  it('gives each entry a view unless its answer is not JSON', () => {
    const withoutView = Object.entries(routeTable)
      .filter(([, entry]) => !('view' in entry))
      .map(([key]) => key)
      .sort();
    expect(withoutView).toEqual([
      'GET /admin/complaints.csv',
      'GET /borrower/:id/export',
      'GET /crb/submissions/:id/files/:kind',
      'GET /loan/:id/statement.pdf',
      'GET /metrics',
      'POST /auth/logout',
    ]);
  });
});

describe('a route that does not follow the table', () => {
  /** An app with the API's rules and one route, declared the way `declare` says. */
  async function appWith(declare: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify({ logger: false });
    registerApiDocumentRules(app);
    await app.register(async (api) => declare(api), { prefix: '/api' });
    return app;
  }

  /** What stops an app with the API's rules and that route from starting. */
  async function startError(declare: (app: ReturnType<typeof Fastify>) => void): Promise<string> {
    try {
      const app = await appWith(declare);
      await app.ready();
      await app.close();
      return 'started';
    } catch (error) {
      return String(error);
    }
  }

  it('stops the server at start when it is not in the table', async () => {
    const error = await startError((api) => {
      api.get('/borrower/nobody', { schema: { summary: 'Not listed' } }, async () => ({}));
    });
    expect(error).toContain('GET /borrower/nobody: not in the route table');
  });

  it("stops it when it takes another route's entry", async () => {
    const error = await startError((api) => {
      api.get('/borrower/count', { schema: { ...contract('GET /agent/count') } }, async () => ({
        totalCount: 0,
        agentStatsCounts: {},
      }));
    });
    expect(error).toContain(
      "GET /borrower/count: its schema is not contract('GET /borrower/count')",
    );
  });

  it('stops it when it answers a view of its own', async () => {
    const error = await startError((api) => {
      api.post(
        '/borrower/:id/erase',
        {
          schema: {
            ...contract('POST /borrower/:id/erase'),
            response: { 200: responseOf(v.object({ message: v.string() })) },
          },
        },
        async () => ({ message: 'Erased.' }),
      );
    });
    expect(error).toContain('POST /borrower/:id/erase: an answer 200 not in the table');
  });

  it('takes a route declared from its entry, and a hidden route outside the document', async () => {
    const app = await appWith((api) => {
      api.post(
        '/borrower/:id/erase',
        { schema: { ...contract('POST /borrower/:id/erase') } },
        async () => ({ message: 'Erased.' }),
      );
      api.post('/callback/anything', { schema: { hide: true } }, async () => ({}));
    });
    await app.ready();
    expect(routeTable['POST /borrower/:id/erase'].view).toBe(messageAnswer);
    await app.close();
  });
});
