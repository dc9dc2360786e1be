/**
 * The outbox and sync engine (docs/architecture.md §7) against the real server on 127.0.0.1, with
 * IndexedDB from fake-indexeddb: queued writes are sent in order, temporary ids are
 * replaced, a crash between the server's answer and the local commit duplicates
 * nothing, 401 pauses, other 4xx park the item, and two drainers never send one item.
 * Independent items travel several at once; one that refers to a queued record goes
 * after it. The service worker's session is shared and forgotten with the sign-in.
 */
import { count, eq } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, followUps, loans } from '../../server/db/schema';
import { OfflineDb, type OutboxRequest } from '../../src/offline/db';
import { enqueue, retryItem, userItems } from '../../src/offline/outbox';
import {
  backoffMs,
  DRAIN_CONCURRENCY,
  drainOutbox,
  resolveRefs,
  type SyncDeps,
} from '../../src/offline/sync-engine';
import { sessionForWorker, shareSessionWithWorker } from '../../src/offline/worker-session';
import {
  activeAgent,
  lendingBook,
  registerBorrower,
  type Agent,
  type Lender,
  consentFields,
} from '../support/fixtures';
import { pdf, png } from '../support/files';
import { deposit, disbursedLoan } from '../support/money';
import { call, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let agentUserId: number;
let planId: number;
let dbCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Kiprono',
    plan: { durationInDays: 28 },
  }));
  agentUserId = jwtDecode<{ id: number }>(agent.token).id;
});
afterAll(async () => {
  await server?.close();
});

function freshDb(): OfflineDb {
  dbCount += 1;
  return new OfflineDb(`mkopo-test-${dbCount}`);
}

function deps(db: OfflineDb, extra: Partial<SyncDeps> = {}): SyncDeps {
  return {
    db,
    baseUrl: server.api,
    session: () => ({ userId: agentUserId, token: agent.token }),
    ...extra,
  };
}

/** A loan file for the borrower with this (temporary) id, sent once that id is real. */
function loanFileItem(
  borrowerId: number | null,
  description: string,
  files: NonNullable<OutboxRequest['form']>['files'] = {},
) {
  return {
    userId: agentUserId,
    kind: 'loanFile' as const,
    lenderBusinessId: lender.businessId,
    label: 'Loan files',
    request: {
      method: 'POST' as const,
      path: '/loan-agreement-uploads/files',
      form: { fields: { description, borrowerId: String(borrowerId) }, files },
      refs: ['borrowerId'],
    },
  };
}

let phoneSequence = 0;
function borrowerItem(firstName: string) {
  phoneSequence += 1;
  const photo = png();
  return {
    userId: agentUserId,
    kind: 'borrower' as const,
    lenderBusinessId: lender.businessId,
    label: `Borrower ${firstName} Otieno`,
    withTempId: true,
    request: {
      method: 'POST' as const,
      path: '/borrower/register',
      form: {
        fields: {
          firstName,
          lastName: 'Otieno',
          phoneNumber: `07455${String(phoneSequence).padStart(5, '0')}`,
          lenderBusinessId: String(lender.businessId),
          lenderBusinessAreaId: String(agent.areaId),
          gender: 'female',
          dob: '1992-03-04',
          nextOfKinName: 'Kin Otieno',
          nextOfKinNumber: '0711222333',
          nextOfKinRelation: 'Mother',
          idNumber: `5500${String(phoneSequence).padStart(4, '0')}`,
          ...consentFields(),
        },
        files: {
          passportPhoto: {
            blob: new Blob([photo.bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
            name: 'photo.png',
          },
        },
      },
    },
  };
}

function loanItem(borrowerId: number, principal = 1000) {
  return {
    userId: agentUserId,
    kind: 'loanApplication' as const,
    lenderBusinessId: lender.businessId,
    label: 'Loan application',
    request: {
      method: 'POST' as const,
      path: '/loan/apply',
      json: {
        borrowerId,
        lenderLoanPlanId: planId,
        principalAmount: principal,
        lenderBusinessId: lender.businessId,
      },
      refs: ['borrowerId'],
    },
  };
}

async function borrowersNamed(firstName: string) {
  return server.database.db.select().from(borrowers).where(eq(borrowers.firstName, firstName));
}

async function loansOf(borrowerId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(loans)
    .where(eq(loans.borrowerId, borrowerId));
  return row?.n ?? 0;
}

describe('the sync engine', () => {
  it('sends a borrower registered offline, then its loan application with the real id', async () => {
    const db = freshDb();
    const borrower = await enqueue(db, borrowerItem('Akinyi'));
    expect(borrower.tempId).toBe(-1);
    const loan = await enqueue(db, loanItem(borrower.tempId!));
    expect(loan.request.json?.borrowerId).toBe(-1);

    const result = await drainOutbox(deps(db));
    expect(result).toMatchObject({ sent: 2, parked: 0, waiting: 0, paused: false });
    expect(await userItems(db, agentUserId)).toEqual([]);

    const [saved] = await borrowersNamed('Akinyi');
    expect(saved).toBeDefined();
    expect(await db.idMap.get(-1)).toMatchObject({ realId: saved!.id, kind: 'borrower' });
    expect(await loansOf(saved!.id)).toBe(1);
  });

  it('sends a follow-up and a loan file, files as Blobs, for a borrower made offline', async () => {
    const db = freshDb();
    // An active loan to follow up: money in, the loan disbursed by the simulator.
    await deposit(server, lender, 20_000);
    const owner = await registerBorrower(server, agent.token, lender.businessId, agent.areaId);
    const { id: loanId } = await disbursedLoan(server, agent, lender, {
      borrowerId: owner.id,
      planId,
      principal: 2_000,
    });

    const followUp = await enqueue(db, {
      userId: agentUserId,
      kind: 'followUp',
      lenderBusinessId: lender.businessId,
      label: 'Follow-up',
      withTempId: true,
      request: {
        method: 'POST',
        path: '/follow-up',
        json: { loanId, comment: 'Promised to pay on Friday.' },
      },
    });
    const borrower = await enqueue(db, borrowerItem('Wangari'));
    const agreement = pdf();
    const loanFile = await enqueue(
      db,
      loanFileItem(borrower.tempId, 'Signed agreement', {
        loanAgreementfilesorImage: {
          blob: new Blob([agreement.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
          name: 'agreement.pdf',
        },
      }),
    );
    expect(followUp.tempId).toBeLessThan(0);

    expect(await drainOutbox(deps(db))).toMatchObject({ sent: 3, parked: 0, waiting: 0 });
    const [follow] = await server.database.db
      .select()
      .from(followUps)
      .where(eq(followUps.loanId, loanId));
    expect(follow?.comment).toBe('Promised to pay on Friday.');
    expect(await db.idMap.get(followUp.tempId!)).toMatchObject({ realId: follow!.id });
    const [wangari] = await borrowersNamed('Wangari');
    const files = await call(
      server,
      'GET',
      `/loan-agreement/borrower/${wangari!.id}`,
      undefined,
      agent.token,
    );
    expect(files.status).toBe(200);
    expect(files.body).toHaveLength(1);
    expect(files.body[0].files[0]).toMatchObject({
      kind: 'loanAgreement',
      fileName: 'agreement.pdf',
    });
    expect(loanFile.request.form?.fields.borrowerId).toBe(String(borrower.tempId));
  });

  it('sends an item whose borrower was confirmed while its reference was looked up', async () => {
    // Up to four items travel at once: the borrower's send may map its id and leave the
    // outbox (one transaction) between the file's two looks, at its id and then at the
    // outbox. That borrower was confirmed, not discarded: the file goes, with its real id.
    const db = freshDb();
    const borrower = await enqueue(db, borrowerItem('Achieng'));
    const fileFor = (borrowerId: number | null) => enqueue(db, loanFileItem(borrowerId, 'Signed'));
    const file = await fileFor(borrower.tempId);
    const confirmBorrower = () =>
      db.transaction('rw', db.outbox, db.idMap, async () => {
        await db.idMap.put({
          tempId: borrower.tempId!,
          realId: 4242,
          kind: 'borrower',
          userId: agentUserId,
        });
        await db.outbox.delete(borrower.seq!);
      });
    // The outbox as the engine reads it, the borrower confirmed just before that look.
    const confirmedBetween = {
      idMap: db.idMap,
      outbox: {
        where: (index: string) => ({
          equals: (value: number) => ({
            first: async () => {
              await confirmBorrower();
              return db.outbox.where(index).equals(value).first();
            },
          }),
        }),
      },
    } as unknown as OfflineDb;
    const resolved = await resolveRefs(confirmedBetween, file);
    expect(resolved.kind).toBe('ready');
    expect(resolved.kind === 'ready' && resolved.request.form?.fields.borrowerId).toBe('4242');

    // A borrower discarded from the outbox, never confirmed, still orphans what refers to it.
    const other = await enqueue(db, borrowerItem('Nafula'));
    const orphan = await fileFor(other.tempId);
    await db.outbox.delete(other.seq!);
    expect(await resolveRefs(db, orphan)).toEqual({ kind: 'orphaned' });
  });

  it('holds an item whose borrower is still queued, and sends it after', async () => {
    const db = freshDb();
    // The borrower's first attempt meets a dead network; the loan must not go first.
    const borrower = await enqueue(db, borrowerItem('Nekesa'));
    const loan = await enqueue(db, loanItem(borrower.tempId!));
    let offline = true;
    const flaky: typeof fetch = (input, init) =>
      offline ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    let clock = Date.now();
    const first = await drainOutbox(deps(db, { fetch: flaky, now: () => clock }));
    expect(first).toMatchObject({ sent: 0, waiting: 2, paused: false });
    expect(first!.retryAt).toBeGreaterThan(clock);
    const [waitingBorrower] = await userItems(db, agentUserId);
    expect(waitingBorrower).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: 'No connection to the server.',
    });

    offline = false;
    clock = first!.retryAt! + 1;
    const second = await drainOutbox(deps(db, { fetch: flaky, now: () => clock }));
    expect(second).toMatchObject({ sent: 2, waiting: 0 });
    const [saved] = await borrowersNamed('Nekesa');
    expect(await loansOf(saved!.id)).toBe(1);
    expect(loan.id).not.toBe(borrower.id);
  });

  it('a crash between the server answer and the local commit duplicates nothing', async () => {
    const db = freshDb();
    await enqueue(db, borrowerItem('Wairimu'));
    // The request reaches the server and is done there, but the page dies before it
    // reads the answer: locally the item is still "sending".
    const dying: typeof fetch = async (input, init) => {
      await fetch(input, init);
      throw new TypeError('the page was closed');
    };
    await drainOutbox(deps(db, { fetch: dying }));
    await db.outbox.toCollection().modify({ status: 'sending', nextAttemptAt: 0 });
    expect(await borrowersNamed('Wairimu')).toHaveLength(1);

    // Reopened: the engine takes the item up again and the server replays its answer.
    const result = await drainOutbox(deps(db));
    expect(result).toMatchObject({ sent: 1, waiting: 0 });
    const saved = await borrowersNamed('Wairimu');
    expect(saved).toHaveLength(1);
    expect((await db.idMap.toArray())[0]?.realId).toBe(saved[0]!.id);
  });

  it('pauses on 401 and resumes when the same user signs in', async () => {
    const db = freshDb();
    await enqueue(db, borrowerItem('Chepkoech'));
    const expired = { userId: agentUserId, token: `${agent.token}x` };
    const paused = await drainOutbox(deps(db, { session: () => expired }));
    expect(paused).toMatchObject({ sent: 0, paused: true });
    const [item] = await userItems(db, agentUserId);
    expect(item).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(await borrowersNamed('Chepkoech')).toHaveLength(0);

    const resumed = await drainOutbox(deps(db));
    expect(resumed).toMatchObject({ sent: 1, paused: false });
    expect(await borrowersNamed('Chepkoech')).toHaveLength(1);
  });

  it('parks a refused item with the server sentence; fixed and retried, it is sent', async () => {
    const db = freshDb();
    const borrower = await enqueue(db, borrowerItem('Jepchirchir'));
    // Above the borrower's loan limit: the server refuses it with a sentence.
    const tooMuch = await enqueue(db, loanItem(borrower.tempId!, 10_000_000));
    const result = await drainOutbox(deps(db));
    expect(result).toMatchObject({ sent: 1, parked: 1 });
    const [parked] = await userItems(db, agentUserId);
    expect(parked).toMatchObject({ id: tooMuch.id, status: 'needsAttention' });
    expect(parked!.lastError).toMatch(/\w+ \w+/);
    expect(parked!.lastError).not.toMatch(/HTTP/);

    // Parked items are not sent again by themselves.
    expect(await drainOutbox(deps(db))).toMatchObject({ sent: 0, parked: 0 });

    const fixed = loanItem(borrower.tempId!, 1000).request;
    await retryItem(db, tooMuch.id, fixed);
    expect(await drainOutbox(deps(db))).toMatchObject({ sent: 1 });
    const [saved] = await borrowersNamed('Jepchirchir');
    expect(await loansOf(saved!.id)).toBe(1);
  });

  it('retries 5xx and 429 later, with backoff and jitter', async () => {
    const db = freshDb();
    await enqueue(db, borrowerItem('Moraa'));
    const busy: typeof fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ statusCode: 503, message: 'Down for maintenance.' }), {
          status: 503,
        }),
      );
    const clock = 1_000_000;
    const result = await drainOutbox(
      deps(db, { fetch: busy, now: () => clock, random: () => 0.5 }),
    );
    expect(result).toMatchObject({ sent: 0, waiting: 1 });
    const [item] = await userItems(db, agentUserId);
    expect(item).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: 'Down for maintenance.',
      nextAttemptAt: clock + backoffMs(1, () => 0.5),
    });
    // 2 s doubled per attempt, capped at 5 minutes, jittered between half and all of it.
    expect(backoffMs(1, () => 0)).toBe(1_000);
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(4, () => 1)).toBe(16_000);
    expect(backoffMs(30, () => 1)).toBe(300_000);
  });

  it('two drainers never send the same item', async () => {
    const db = freshDb();
    for (const name of ['Adhiambo', 'Wanjala', 'Mumbua', 'Kerubo']) {
      await enqueue(db, borrowerItem(name));
    }
    const sentKeys: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sentKeys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      return fetch(input, init);
    };
    // Two drains at once (two tabs, or a timer and the online event).
    const [a, b] = await Promise.all([
      drainOutbox(deps(db, { fetch: counting })),
      drainOutbox(deps(db, { fetch: counting })),
    ]);
    expect([a?.sent ?? 0, b?.sent ?? 0].sort()).toEqual([0, 4]);
    expect(new Set(sentKeys).size).toBe(sentKeys.length);
    expect(sentKeys).toHaveLength(4);
  });

  it("never sends a user's items with another user's token", async () => {
    const db = freshDb();
    await enqueue(db, borrowerItem('Jelimo'));
    const other = await activeAgent(server, lender);
    const otherId = jwtDecode<{ id: number }>(other.token).id;
    const result = await drainOutbox(
      deps(db, { session: () => ({ userId: otherId, token: other.token }) }),
    );
    expect(result).toMatchObject({ sent: 0 });
    expect(await userItems(db, agentUserId)).toHaveLength(1);
    expect(await borrowersNamed('Jelimo')).toHaveLength(0);
  });

  it('sends independent items several at once, and an item after the record it refers to', async () => {
    const db = freshDb();
    const first = await enqueue(db, borrowerItem('Naliaka'));
    const loan = await enqueue(db, loanItem(first.tempId!));
    for (const name of ['Awino', 'Chelangat', 'Kawira', 'Nyokabi', 'Wambui', 'Achieng']) {
      await enqueue(db, borrowerItem(name));
    }
    let inFlight = 0;
    let mostAtOnce = 0;
    const events: string[] = [];
    // The first requests are held until DRAIN_CONCURRENCY of them travel together: a
    // drain sending one at a time would never get past this gate.
    let releaseGate!: () => void;
    const gate = new Promise<void>((resolve) => {
      releaseGate = resolve;
    });
    let started = 0;
    const watching: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      events.push(`start ${path}`);
      started += 1;
      if (started === DRAIN_CONCURRENCY) releaseGate();
      try {
        if (started <= DRAIN_CONCURRENCY) await gate;
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
        events.push(`end ${path}`);
      }
    };
    const result = await drainOutbox(deps(db, { fetch: watching }));
    expect(result).toMatchObject({ sent: 8, parked: 0, waiting: 0, paused: false });
    expect(mostAtOnce).toBe(DRAIN_CONCURRENCY);
    // The loan application started only after the first borrower's answer came back.
    expect(events.indexOf('start /api/loan/apply')).toBeGreaterThan(
      events.indexOf('end /api/borrower/register'),
    );
    const [saved] = await borrowersNamed('Naliaka');
    expect(await loansOf(saved!.id)).toBe(1);
    expect(loan.request.refs).toEqual(['borrowerId']);
    for (const name of ['Awino', 'Chelangat', 'Kawira', 'Nyokabi', 'Wambui', 'Achieng']) {
      expect(await borrowersNamed(name)).toHaveLength(1);
    }
  });

  it('a crash in the middle of a concurrent drain duplicates nothing and loses nothing', async () => {
    const db = freshDb();
    const names = ['Jeptoo', 'Kemunto', 'Makena', 'Nafula', 'Rehema', 'Tabitha'];
    for (const name of names) await enqueue(db, borrowerItem(name));
    // The page dies after the server did the first three: their answers never arrive,
    // and nothing after them is sent.
    let done = 0;
    const dying: typeof fetch = async (input, init) => {
      if (done >= 3) throw new TypeError('the page was closed');
      done += 1;
      await fetch(input, init);
      throw new TypeError('the page was closed');
    };
    await drainOutbox(deps(db, { fetch: dying }));
    await db.outbox.toCollection().modify({ status: 'sending', nextAttemptAt: 0 });

    const result = await drainOutbox(deps(db));
    expect(result).toMatchObject({ sent: names.length, waiting: 0 });
    for (const name of names) expect(await borrowersNamed(name)).toHaveLength(1);
    expect(await userItems(db, agentUserId)).toEqual([]);
  });

  it('stops at once when the agent signs out in the middle of a drain', async () => {
    const db = freshDb();
    for (const name of ['Kagwiria', 'Lokiru', 'Mwikali']) await enqueue(db, borrowerItem(name));
    let signedIn = true;
    const signingOut: typeof fetch = async (input, init) => {
      signedIn = false; // the agent signs out while the first request travels
      return fetch(input, init);
    };
    const result = await drainOutbox(
      deps(db, {
        fetch: signingOut,
        // As the service worker reads it: from IndexedDB, before every request.
        session: async () => (signedIn ? { userId: agentUserId, token: agent.token } : null),
      }),
    );
    expect(result).toMatchObject({ paused: true });
    expect(result!.sent).toBeLessThanOrEqual(DRAIN_CONCURRENCY);
    const left = await userItems(db, agentUserId);
    expect(left.every((item) => item.status === 'waiting')).toBe(true);
    expect(left.length + result!.sent).toBe(3);
  });

  it("shares the agent's session with the service worker, and forgets it at sign-out", async () => {
    const db = freshDb();
    expect(await sessionForWorker(db)).toBeNull();
    await shareSessionWithWorker(db, { userId: agentUserId, token: agent.token });
    expect(await sessionForWorker(db)).toEqual({ userId: agentUserId, token: agent.token });
    await shareSessionWithWorker(db, null);
    expect(await sessionForWorker(db)).toBeNull();
    // An expired token is never handed to the worker.
    const expired = `e30.${Buffer.from(JSON.stringify({ id: agentUserId, exp: 1 })).toString('base64url')}.x`;
    await shareSessionWithWorker(db, { userId: agentUserId, token: expired });
    expect(await sessionForWorker(db)).toBeNull();
  });
});
