/**
 * The answer cache (server/plugins/answer-cache.ts): the agent's hot reads are answered from
 * memory while the data under them is unchanged, and never once it changed, whoever changed
 * it (a route, SQL straight into the tables, another instance), never to another user, never
 * after the user lost access, and for at most a minute of the app's clock. Hits and misses
 * are read from the process's metrics counter, so each test sees whether the cache answered.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCacheReads } from '../../server/lib/metrics';
import { acceptedEncoding } from '../../server/plugins/answer-cache';
import {
  activeAgent,
  adminToken,
  approvedLender,
  registerBorrower,
  type Agent,
  type Lender,
} from '../support/fixtures';
import {
  call,
  startSecondInstance,
  startTestServer,
  type TestServer,
} from '../support/test-server';

let clock = Date.parse('2026-11-26T09:00:00Z');
let server: TestServer;
let lender: Lender;
let agent: Agent;
let listPath: string;

async function outcomes() {
  const counted = (await answerCacheReads.get()).values;
  const sum = (outcome: string) =>
    counted.filter((v) => v.labels.outcome === outcome).reduce((n, v) => n + v.value, 0);
  return { hit: sum('hit'), miss: sum('miss'), shared: sum('shared') };
}

/** Route handlers Fastify ran (its diagnostics channel), to see that a hit skips its handler. */
let handlersRun = 0;
tracingChannel('fastify.request.handler').subscribe({
  start: () => {
    handlersRun += 1;
  },
  end: () => undefined,
  asyncStart: () => undefined,
  asyncEnd: () => undefined,
  error: () => undefined,
});

/** GETs `path` as `token` and says whether the cache answered it, and whether its handler ran. */
async function read(path: string, token: string, headers: Record<string, string> = {}) {
  const before = await outcomes();
  const handledBefore = handlersRun;
  const answer = await call(server, 'GET', path, undefined, token, headers);
  const after = await outcomes();
  return {
    ...answer,
    cached: after.hit > before.hit,
    built: after.miss > before.miss,
    handled: handlersRun > handledBefore,
  };
}

async function versionOf(businessId: number): Promise<number> {
  const result = (await server.database.db.execute(
    sql`select version from answer_versions where lender_business_id = ${businessId}`,
  )) as unknown as { rows: { version: string | number }[] };
  return Number(result.rows[0]?.version ?? 0);
}

beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(clock) });
  lender = await approvedLender(server, 'Cache');
  agent = await activeAgent(server, lender);
  await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
  listPath = `/borrower/all/${agent.id}/${lender.businessId}`;
});

afterAll(async () => {
  await server?.close();
});

describe('answers kept while nothing changed', () => {
  it('answers the same read again from memory, with the same body and tag; If-None-Match gets 304', async () => {
    const first = await read(listPath, agent.token);
    expect(first.status).toBe(200);
    expect(first.handled).toBe(true);
    const again = await read(listPath, agent.token);
    expect(again.cached).toBe(true);
    expect(again.handled).toBe(false);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));

    const unchanged = await read(listPath, agent.token, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    expect(unchanged.cached).toBe(true);
    expect(unchanged.status).toBe(304);
  });

  it('keeps the compressed bytes for each Accept-Encoding, and they still decode to the answer', async () => {
    // Enough borrowers for an answer over the 1 KB compression threshold.
    for (let i = 0; i < 8; i += 1)
      await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const plain = await read(listPath, agent.token, { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip']) {
      const first = await read(listPath, agent.token, { 'accept-encoding': encoding });
      const again = await read(listPath, agent.token, { 'accept-encoding': encoding });
      expect(again.cached).toBe(true);
      expect(again.handled).toBe(false);
      expect(again.headers.get('content-encoding')).toBe(encoding);
      expect(again.headers.get('vary')).toBe(first.headers.get('vary'));
      expect(again.body).toEqual(plain.body);
    }
    const identity = await read(listPath, agent.token, { 'accept-encoding': 'identity' });
    expect(identity.cached).toBe(true);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.body).toEqual(plain.body);
  });

  it('keeps a paged answer with its X-Total-Count', async () => {
    const paged = `${listPath}?page=1&limit=1`;
    const first = await read(paged, agent.token);
    const again = await read(paged, agent.token);
    expect(again.cached).toBe(true);
    expect(again.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    expect(again.body).toEqual(first.body);
  });

  it("does not cache administrators' reads", async () => {
    const admin = await adminToken(server);
    await read(listPath, admin);
    const again = await read(listPath, admin);
    expect(again.status).toBe(200);
    expect(again.cached).toBe(false);
    expect(again.built).toBe(false);
  });
});

describe('answers rebuilt once the data changed', () => {
  it('after a write through the API', async () => {
    await read(listPath, agent.token);
    const added = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const after = await read(listPath, agent.token);
    expect(after.cached).toBe(false);
    expect(after.body.map((b: { id: number }) => b.id)).toContain(added.id);
  });

  it('after SQL straight into the tables (a job, a script, another service)', async () => {
    const before = await read(listPath, agent.token);
    const borrowerId = before.body[0].id as number;
    await server.database.db.execute(
      sql`update borrowers set first_name = 'Renamed' where id = ${borrowerId}`,
    );
    const after = await read(listPath, agent.token);
    expect(after.cached).toBe(false);
    expect(after.body.find((b: { id: number }) => b.id === borrowerId).firstName).toBe('Renamed');
  });

  it('after a write on another instance', async () => {
    const other = await startSecondInstance(server, {}, { now: () => new Date(clock) });
    try {
      await read(listPath, agent.token);
      expect((await read(listPath, agent.token)).cached).toBe(true);
      const added = await registerBorrower(other, agent.token, lender.businessId, agent.areaId);
      const after = await read(listPath, agent.token);
      expect(after.cached).toBe(false);
      expect(after.body.map((b: { id: number }) => b.id)).toContain(added.id);
    } finally {
      await other.close();
    }
  });

  it('after a minute of the app clock, for what depends on the time', async () => {
    await read(listPath, agent.token);
    expect((await read(listPath, agent.token)).cached).toBe(true);
    clock += 61_000;
    expect((await read(listPath, agent.token)).cached).toBe(false);
  });
});

describe('answers never reach whom the route would refuse', () => {
  it("another agent does not get this agent's kept answer", async () => {
    const otherLender = await approvedLender(server, 'Other');
    const stranger = await activeAgent(server, otherLender);
    await read(listPath, agent.token);
    const refused = await read(listPath, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.cached).toBe(false);
  });

  it('an agent taken off the business is refused at once, not answered from memory', async () => {
    const second = await activeAgent(server, lender);
    const path = `/borrower/all/${second.id}/${lender.businessId}`;
    expect((await read(path, second.token)).status).toBe(200);
    expect((await read(path, second.token)).cached).toBe(true);
    await server.database.db.execute(
      sql`delete from agent_businesses where agent_id = ${second.id} and lender_business_id = ${lender.businessId}`,
    );
    const refused = await read(path, second.token);
    expect(refused.cached).toBe(false);
    expect(refused.status).toBe(404);
  });
});

describe('the counters the cache trusts', () => {
  it('every write to a business, whichever way its rows reach the business, raises its counter', async () => {
    const businessId = lender.businessId;
    const raised = async (write: () => Promise<unknown>) => {
      const before = await versionOf(businessId);
      await write();
      return (await versionOf(businessId)) > before;
    };
    const db = server.database.db;
    // A business's own column.
    expect(
      await raised(() =>
        db.execute(
          sql`update lender_business_areas set name = name || ' ' where lender_business_id = ${businessId}`,
        ),
      ),
    ).toBe(true);
    // The business itself.
    expect(
      await raised(() =>
        db.execute(
          sql`update lender_businesses set updated_at = updated_at where id = ${businessId}`,
        ),
      ),
    ).toBe(true);
    // An agent's or a lender's profile (their names show in answers).
    expect(
      await raised(() =>
        db.execute(sql`update agents set first_name = 'Otieno' where id = ${agent.id}`),
      ),
    ).toBe(true);
    expect(
      await raised(() =>
        db.execute(sql`update lenders set first_name = first_name where id = ${lender.id}`),
      ),
    ).toBe(true);
    // An account's status; not the last-active time written every few minutes.
    expect(
      await raised(() => db.execute(sql`update users set status = status where id = ${agent.id}`)),
    ).toBe(false);
    expect(
      await raised(() =>
        db.execute(sql`update users set last_active_at = now() where id = ${agent.id}`),
      ),
    ).toBe(false);
    expect(
      await raised(async () => {
        await db.execute(sql`update users set status = 'suspended' where id = ${agent.id}`);
        await db.execute(sql`update users set status = 'active' where id = ${agent.id}`);
      }),
    ).toBe(true);
    // Several rows in one transaction raise it once.
    const before = await versionOf(businessId);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update borrowers set first_name = first_name where lender_business_id = ${businessId}`,
      );
      await tx.execute(
        sql`update lender_business_areas set name = name where lender_business_id = ${businessId}`,
      );
    });
    expect(await versionOf(businessId)).toBe(before + 1);
    // A rolled-back write raises nothing.
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update borrowers set first_name = 'Never' where lender_business_id = ${businessId}`,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await versionOf(businessId)).toBe(before + 1);
  });

  it('the shared lists (regions, business types) raise row 0, which every version includes', async () => {
    const before = await versionOf(0);
    await server.database.db.execute(sql`update regions set name = name`);
    expect(await versionOf(0)).toBeGreaterThan(before);
  });

  it('every table holding a business or a loan (or a loan agreement) is watched', async () => {
    const result = (await server.database.db.execute(sql`
      select distinct c.table_name from information_schema.columns c
      where c.table_schema = current_schema()
        and c.column_name in ('lender_business_id', 'loan_id', 'loan_agreement_id')
        and c.table_name not in ('answer_versions', 'sync_changes')
        and not exists (
          select 1 from pg_trigger t join pg_class r on r.oid = t.tgrelid
          where r.relname = c.table_name and t.tgname = 'answer_versions_changed'
        )`)) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual([]);
  });
});

describe('acceptedEncoding', () => {
  it('takes brotli before gzip, honours q=0 and *, and answers null for identity or nothing', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('answered once', () => {
  it('reads answered from memory, many at once, do not also run their handler', async () => {
    await read(listPath, agent.token, { 'accept-encoding': 'br' });
    const handledBefore = handlersRun;
    const hitsBefore = (await outcomes()).hit;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, 'GET', listPath, undefined, agent.token, { 'accept-encoding': 'br' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await outcomes()).hit - hitsBefore).toBe(20);
    expect(handlersRun - handledBefore).toBe(0);
    expect(server.logs.filter((line) => String(line.msg).includes('already sent'))).toEqual([]);
  });

  it('reads of an answer being built wait for that build: it is built once per version', async () => {
    // Under a stream of writes each version lives briefly; twenty reads arriving together
    // after a write must not build the same answer twenty times.
    await server.database.db.execute(
      sql`update answer_versions set version = version + 1 where lender_business_id = ${lender.businessId}`,
    );
    const before = await outcomes();
    const handledBefore = handlersRun;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'GET', listPath, undefined, agent.token, {
          'accept-encoding': i % 2 ? 'br' : 'gzip',
        }),
      ),
    );
    const after = await outcomes();
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(after.miss - before.miss).toBe(1);
    expect(handlersRun - handledBefore).toBe(1);
    expect(after.hit + after.shared - (before.hit + before.shared)).toBe(19);
  });
});
