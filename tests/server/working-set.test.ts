/**
 * The agent's working set over HTTP (GET /agent/working-set, docs/architecture.md §7): a
 * first sync fills every business the agent works in, in chunks; a refresh with nothing
 * changed is a 304; a refresh moves only what changed, tombstones included; what leaves
 * the agent's reach (a moved agent, a blocked lender) leaves the phone; changes made while
 * a fill runs are not lost; a hostile token reaches nothing of another tenant. The
 * complaints it carries are exactly those GET /complaint answers the agent (the ones it
 * recorded): never a colleague's, an SMS's, the lender's or another tenant's, not even by id.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkingSet } from '../../src/domain/working-set';
import { jpeg, pdf, png } from '../support/files';
import {
  activeAgent,
  adminToken,
  approvedLender,
  createArea,
  registerBorrower,
  type Agent,
  type Lender,
  lendingBook,
} from '../support/fixtures';
import { applyForLoan, disbursedLoan } from '../support/money';
import { smsSettled } from '../support/sms';
import { call, callForm, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let lender: Lender;
let agent: Agent;
let planId: number;
let otherLender: Lender;
let otherAgent: Agent;

// Small chunks, so a fill takes several answers here as it does on a big business.
const CHUNK = 5;
const SMS_SECRET = 'working-set-sms-secret-0123456789';

beforeAll(async () => {
  server = await startTestServer({
    WORKING_SET_CHUNK: String(CHUNK),
    SMS_CALLBACK_SECRET: SMS_SECRET,
  });
  ({ lender, agent, planId } = await lendingBook(server, {
    name: 'Akinyi',
    plan: { name: 'Wiki nne' },
    capital: 200_000,
  }));
  otherLender = await approvedLender(server, 'Baraka');
  otherAgent = await activeAgent(server, otherLender);
  await registerBorrower(server, otherAgent.token, otherLender.businessId, otherAgent.areaId);
});
afterAll(async () => {
  await server?.close();
});

type Answer = { status: number; body: WorkingSet | undefined };

async function sync(token: string, since?: string): Promise<Answer> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  const headers: Record<string, string> = since ? { 'if-none-match': `W/"${since}"` } : {};
  const res = await call(server, 'GET', `/agent/working-set${query}`, undefined, token, headers);
  return { status: res.status, body: res.body as WorkingSet | undefined };
}

type Shard = WorkingSet['shards'][number];
type Kind = 'borrowers' | 'loans' | 'followUps' | 'agreements';
const kinds: Kind[] = ['borrowers', 'loans', 'followUps', 'agreements'];

/** What a phone holds: the answers applied as the app applies them. */
class Phone {
  token: string | undefined;
  businesses: unknown[] = [];
  shards = new Map<
    number,
    {
      complete: boolean;
      areas: { id: number; name: string }[];
      plans: { id: number; name: string }[];
      records: Record<Kind, Map<number, { id: number }>>;
      people: Map<number, { id: number; firstName: string }>;
    }
  >();
  answers: WorkingSet[] = [];

  constructor(private readonly userToken: string) {}

  /** Syncs until the server says there is no more; answers the statuses seen. */
  async syncAll(): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const answer = await sync(this.userToken, this.token);
      statuses.push(answer.status);
      if (answer.status === 304) return statuses;
      expect(answer.status).toBe(200);
      this.apply(answer.body!);
      if (!answer.body!.more) return statuses;
    }
    throw new Error('the sync never ended');
  }

  apply(answer: WorkingSet) {
    this.answers.push(answer);
    this.token = answer.token;
    if (answer.businesses) this.businesses = answer.businesses;
    for (const id of answer.removedBusinessIds) this.shards.delete(id);
    for (const shard of answer.shards) this.applyShard(shard);
  }

  private applyShard(shard: Shard) {
    let held = this.shards.get(shard.lenderBusinessId);
    if (!held || shard.reset) {
      held = {
        complete: false,
        areas: [],
        plans: [],
        records: {
          borrowers: new Map(),
          loans: new Map(),
          followUps: new Map(),
          agreements: new Map(),
        },
        people: new Map(),
      };
      this.shards.set(shard.lenderBusinessId, held);
    }
    if (shard.areas) held.areas = shard.areas;
    if (shard.plans) held.plans = shard.plans;
    for (const person of shard.people) held.people.set(person.id, person);
    for (const kind of kinds) {
      for (const record of shard[kind]) held.records[kind].set(record.id, record);
      for (const id of shard.removed[kind]) held.records[kind].delete(id);
    }
    held.complete ||= shard.complete;
    if (shard.counts) {
      for (const kind of kinds) expect(held.records[kind].size, kind).toBe(shard.counts[kind]);
    }
  }

  ids(businessId: number, kind: Kind): number[] {
    return [...(this.shards.get(businessId)?.records[kind].keys() ?? [])].sort((a, b) => a - b);
  }
}

async function serverIds(path: string, token = agent.token): Promise<number[]> {
  const res = await call(server, 'GET', path, undefined, token);
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
}

async function borrower() {
  return registerBorrower(server, agent.token, lender.businessId, agent.areaId);
}

async function followUp(loanId: number, comment: string, token = agent.token) {
  const res = await call(server, 'POST', '/follow-up', { loanId, comment }, token);
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
}

describe('a first sync', () => {
  it('fills the business in chunks, with everything the agent screens read', async () => {
    const people = [await borrower(), await borrower(), await borrower()];
    for (let i = 0; i < 4; i++) await borrower();
    const active = await disbursedLoan(server, agent, lender, {
      borrowerId: people[0]!.id,
      planId,
      principal: 2_000,
    });
    await applyForLoan(server, agent, lender, {
      borrowerId: people[1]!.id,
      planId,
      principal: 500,
    });
    await followUp(active.id, 'Visited at the market; pays Friday.');
    const files = await callForm(
      server,
      'POST',
      '/loan-agreement-uploads/files',
      { borrowerId: people[2]!.id, description: 'Signed agreement' },
      { loanAgreementfilesorImage: pdf(), otherImage: jpeg() },
      agent.token,
    );
    expect(files.status).toBe(201);

    const phone = new Phone(agent.token);
    const statuses = await phone.syncAll();
    // 7 borrowers, 2 loans, 1 follow-up and 1 agreement, 5 to an answer.
    expect(statuses.length).toBeGreaterThanOrEqual(3);
    const first = phone.answers[0]!;
    expect(first.shards[0]!.reset).toBe(true);
    expect(first.shards[0]!.areas!.map((a) => a.id)).toContain(agent.areaId);
    expect(first.shards[0]!.plans!.map((p) => p.id)).toContain(planId);
    expect(first.agent?.id).toBe(agent.id);
    expect(first.businesses?.map((b) => b.id)).toEqual([lender.businessId]);
    expect(phone.answers.at(-1)!.more).toBe(false);
    expect(phone.shards.get(lender.businessId)?.complete).toBe(true);

    const b = lender.businessId;
    expect(phone.ids(b, 'borrowers')).toEqual(await serverIds(`/borrower/by-business/${b}`));
    expect(phone.ids(b, 'loans')).toEqual(
      await serverIds(`/loan/all-existing-for-lender-business-by-agent/${b}/${agent.id}`),
    );
    expect(phone.ids(b, 'followUps')).toEqual(await serverIds(`/follow-up/loan/${active.id}`));
    expect(phone.ids(b, 'agreements')).toEqual(
      await serverIds(`/loan-agreement/borrower/${people[2]!.id}`),
    );
    // The people the records name: the agent who applied, the lender who approved.
    const held = phone.shards.get(b)!;
    expect(held.people.get(agent.id)?.firstName).toBe('Otieno');
    expect(held.people.get(lender.id)?.firstName).toBe('Akinyi');
    // Nothing of the other lender's business.
    expect([...phone.shards.keys()]).toEqual([b]);
  });

  it('answers 304 when nothing changed, and the token is the ETag', async () => {
    const phone = new Phone(agent.token);
    await phone.syncAll();
    const path = `/agent/working-set?since=${encodeURIComponent(phone.token!)}`;
    const tag = `W/"${phone.token}"`;
    const res = await call(server, 'GET', path, undefined, agent.token, { 'if-none-match': tag });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(tag);
    // Asked without the tag: no 304 (never an answer to an unconditional request), no news.
    const plain = await call(server, 'GET', path, undefined, agent.token);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ token: phone.token, more: false, shards: [] });
  });
});

describe('a refresh', () => {
  it('moves only the records that changed', async () => {
    const phone = new Phone(agent.token);
    await phone.syncAll();
    const loan = await disbursedLoan(server, agent, lender, {
      borrowerId: (await borrower()).id,
      planId,
      principal: 1_000,
    });
    // The disbursement's SMS goes after its answer; its status is a write of the business.
    await smsSettled(server);
    await phone.syncAll();
    const before = phone.answers.length;
    for (let i = 0; i < 10; i++) await followUp(loan.id, `Call ${i + 1}: promised to pay.`);
    expect(await phone.syncAll()).toEqual([200]);
    const [answer] = phone.answers.slice(before);
    expect(answer!.agent).toBeNull();
    expect(answer!.businesses).toBeNull();
    const [shard] = answer!.shards;
    expect(shard!.reset).toBe(false);
    expect(shard!.followUps).toHaveLength(10);
    expect(shard!.borrowers).toHaveLength(0);
    expect(shard!.loans).toHaveLength(0);
    expect(shard!.agreements).toHaveLength(0);
    expect(shard!.areas).toBeNull();
    expect(shard!.plans).toBeNull();
    expect(await phone.syncAll()).toEqual([304]);
  });

  it('sends a renamed area whole, and a changed borrower', async () => {
    const phone = new Phone(agent.token);
    await phone.syncAll();
    const area = await createArea(server, lender);
    const one = await borrower();
    await phone.syncAll();
    const answer = phone.answers.at(-1)!;
    expect(answer.shards[0]!.areas!.map((a) => a.id)).toContain(area.id);
    expect(answer.shards[0]!.borrowers.map((b) => b.id)).toEqual([one.id]);
    // Whatever writes (a route, a job, a script), the trigger records it.
    await server.database.db.execute(
      sql`update borrowers set next_of_kin_name = 'Grace Wambui' where id = ${one.id}`,
    );
    await phone.syncAll();
    const changed = phone.answers.at(-1)!.shards[0]!;
    expect(changed.borrowers.map((b) => [b.id, b.nextOfKinName])).toEqual([
      [one.id, 'Grace Wambui'],
    ]);
    expect(changed.areas).toBeNull();
  });

  it('takes an erased borrower’s data off the phone', async () => {
    const phone = new Phone(agent.token);
    const gone = await borrower();
    const files = await callForm(
      server,
      'POST',
      '/loan-agreement-uploads/files',
      { borrowerId: gone.id, description: 'ID copy' },
      { otherImage: png() },
      agent.token,
    );
    expect(files.status).toBe(201);
    await phone.syncAll();
    const erased = await call(
      server,
      'POST',
      `/borrower/${gone.id}/erase`,
      undefined,
      lender.token,
    );
    expect(erased.status).toBe(200);
    await phone.syncAll();
    const shard = phone.answers.at(-1)!.shards[0]!;
    const record = shard.borrowers.find((b) => b.id === gone.id)!;
    expect(record.idNumber).not.toBe(gone.idNumber);
    expect(record.phoneNumber).not.toBe(gone.phoneNumber);
    expect(record.passportPhoto).toBeNull();
    // Its loan files' documents are deleted: the agreement is sent again without them.
    expect(shard.agreements.flatMap((a) => a.files)).toEqual([]);
    const held = JSON.stringify([
      ...phone.shards.get(lender.businessId)!.records.borrowers.values(),
    ]);
    expect(held).not.toContain(gone.idNumber);
    expect(held).not.toContain(gone.phoneNumber);
  });

  it('gets what changed while a fill was running', async () => {
    const phone = new Phone(agent.token);
    // One chunk, then a write to a record already sent and a new one, then the rest.
    const first = await sync(agent.token);
    phone.apply(first.body!);
    expect(first.body!.more).toBe(true);
    const sent = phone.ids(lender.businessId, 'borrowers')[0]!;
    await server.database.db.execute(
      sql`update borrowers set next_of_kin_relation = 'Sister' where id = ${sent}`,
    );
    const late = await borrower();
    await phone.syncAll();
    const records = phone.shards.get(lender.businessId)!.records.borrowers;
    expect((records.get(sent) as unknown as { nextOfKinRelation: string }).nextOfKinRelation).toBe(
      'Sister',
    );
    expect(records.has(late.id)).toBe(true);
    expect(phone.ids(lender.businessId, 'borrowers')).toEqual(
      await serverIds(`/borrower/by-business/${lender.businessId}`),
    );
  });
});

describe('leaving the agent’s reach', () => {
  it('removes a business the agent was moved from, and fills the new one', async () => {
    const moving = await activeAgent(server, lender);
    await registerBorrower(server, moving.token, lender.businessId, moving.areaId);
    const phone = new Phone(moving.token);
    await phone.syncAll();
    expect([...phone.shards.keys()]).toEqual([lender.businessId]);
    const types = await call(server, 'GET', '/lenderbusinesstype', undefined, lender.token);
    const second = await callForm(
      server,
      'POST',
      '/lender-business/register',
      {
        businessName: 'Second Window Loans',
        paybillNumber: '5566779',
        defaultLoanLimit: 5000,
        lenderBusinessTypeId: types.body[0].id,
      },
      { businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
      lender.token,
    );
    expect(second.status).toBe(201);
    const secondId = second.body.data.id as number;
    const moved = await call(
      server,
      'PATCH',
      `/agent/reassign-to-new-lender-business/${moving.id}/reassign`,
      { newLenderBusinessId: secondId },
      lender.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await phone.syncAll();
    const answer = phone.answers.find((a) => a.removedBusinessIds.length)!;
    expect(answer.removedBusinessIds).toEqual([lender.businessId]);
    expect([...phone.shards.keys()]).toEqual([secondId]);
    expect(phone.businesses.map((b) => (b as { id: number }).id)).toEqual([secondId]);
  });

  it('removes every business of a lender an admin blocks', async () => {
    const blocked = await approvedLender(server, 'Chege');
    const itsAgent = await activeAgent(server, blocked);
    await registerBorrower(server, itsAgent.token, blocked.businessId, itsAgent.areaId);
    const phone = new Phone(itsAgent.token);
    await phone.syncAll();
    expect(phone.ids(blocked.businessId, 'borrowers')).toHaveLength(1);
    const admin = await adminToken(server);
    const res = await call(server, 'PATCH', `/admin/lender/${blocked.id}/block`, undefined, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await phone.syncAll();
    expect(phone.answers.at(-1)!.removedBusinessIds).toEqual([blocked.businessId]);
    expect(phone.shards.size).toBe(0);
  });
});

describe('a hostile caller', () => {
  it('reaches only its own businesses, whatever token it sends', async () => {
    const phone = new Phone(otherAgent.token);
    await phone.syncAll();
    const own = phone.token!;
    // The other tenant's business id in a forged token, complete or mid-fill.
    for (const forged of [
      own.replace(/~[^~]*$/, `~${lender.businessId}.0`),
      own.replace(/~[^~]*$/, `~${lender.businessId}.0.1.0,${otherLender.businessId}.0`),
      `1~x~y~${lender.businessId}.999999`,
    ]) {
      const answer = await sync(otherAgent.token, forged);
      expect(answer.status).toBe(200);
      const ids = answer.body!.shards.map((s) => s.lenderBusinessId);
      expect(ids.every((id) => id === otherLender.businessId)).toBe(true);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('Akinyi');
    }
  });

  it('refuses a token that is not one, and only agents may sync', async () => {
    for (const since of ['a'.repeat(5000), '<script>', '1~a~b~1.2.3.4.5']) {
      const res = await call(
        server,
        'GET',
        `/agent/working-set?since=${encodeURIComponent(since)}`,
        undefined,
        agent.token,
      );
      // Too long or not our characters: 400; our characters in a shape we never gave: start over.
      expect([400, 200]).toContain(res.status);
      if (res.status === 200) expect((res.body as WorkingSet).shards[0]!.reset).toBe(true);
    }
    expect((await call(server, 'GET', '/agent/working-set', undefined, lender.token)).status).toBe(
      403,
    );
    expect((await call(server, 'GET', '/agent/working-set')).status).toBe(401);
  });

  it('starts again from the start after the counters go back (a restore)', async () => {
    const phone = new Phone(agent.token);
    await phone.syncAll();
    await server.database.db.execute(sql`update sync_epoch set epoch = 'restored00'`);
    const answer = await sync(agent.token, phone.token);
    expect(answer.status).toBe(200);
    expect(answer.body!.shards[0]!.reset).toBe(true);
  });
});

describe('complaints', () => {
  type ComplaintBody = { id: number; reference: string; text: string; status: string };

  async function complain(token: string, businessId: number, borrowerId: number, text: string) {
    const res = await call(
      server,
      'POST',
      '/complaint',
      { lenderBusinessId: businessId, borrowerId, category: 'charges', text },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as ComplaintBody;
  }

  async function bySms(phoneNumber: string, text: string, id: string) {
    const res = await fetch(`${server.api}/sms/callback/${SMS_SECRET}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: `+${phoneNumber}`, to: '22384', text, id }).toString(),
    });
    expect(res.status).toBe(200);
  }

  /** The complaints a phone holds, as the shards sent them. */
  function held(phone: Phone): { id: number; status: string; text: string }[] {
    const byId = new Map<number, { id: number; status: string; text: string }>();
    for (const answer of phone.answers) {
      for (const shard of answer.shards) {
        if (shard.reset) byId.clear();
        for (const c of shard.complaints) byId.set(c.id, c);
        for (const id of shard.removed.complaints) byId.delete(id);
      }
    }
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  async function apiComplaintIds(token: string) {
    const res = await call(server, 'GET', '/complaint', undefined, token);
    expect(res.status).toBe(200);
    return (res.body as ComplaintBody[]).map((c) => c.id).sort((a, b) => a - b);
  }

  it('carries exactly the complaints the API lets the agent read, and their changes', async () => {
    const colleague = await activeAgent(server, lender);
    const mary = await borrower();
    const mine = [
      await complain(agent.token, lender.businessId, mary.id, 'Charged twice for one loan.'),
      await complain(agent.token, lender.businessId, mary.id, 'The fee was not explained.'),
    ];
    // In the same business, none of these is the agent's to read.
    const colleagues = await complain(
      colleague.token,
      lender.businessId,
      mary.id,
      'Colleague heard: rude collector.',
    );
    const lenders = await complain(
      lender.token,
      lender.businessId,
      mary.id,
      'Lender desk: refund asked.',
    );
    await bySms(mary.phoneNumber, 'COMPLAINT my payment is missing since Monday', 'ATXid_ws_1');
    // Another tenant's.
    const stranger = await registerBorrower(
      server,
      otherAgent.token,
      otherLender.businessId,
      otherAgent.areaId,
    );
    const theirs = await complain(
      otherAgent.token,
      otherLender.businessId,
      stranger.id,
      'Other tenant: disbursement late.',
    );

    const phone = new Phone(agent.token);
    await phone.syncAll();
    const ids = held(phone).map((c) => c.id);
    expect(ids).toEqual(await apiComplaintIds(agent.token));
    expect(ids).toEqual(expect.arrayContaining(mine.map((c) => c.id)));
    const counts = phone.answers.at(-1)!.shards.find((x) => x.counts)?.counts;
    expect(counts?.complaints).toBe(ids.length);
    const all = JSON.stringify(phone.answers);
    for (const other of [colleagues, lenders, theirs]) {
      expect(ids).not.toContain(other.id);
      expect(all).not.toContain(other.reference);
      expect(all).not.toContain(other.text);
    }
    expect(all).not.toContain('my payment is missing');
    // Lean: nothing null is sent, and the deadline is left out when it is the rules'.
    const [wire] = phone.answers.flatMap((a) => a.shards.flatMap((x) => x.complaints));
    expect(wire).not.toHaveProperty('resolution');
    expect(wire).not.toHaveProperty('dueAt');
    expect(wire).not.toHaveProperty('recordedByUserId');

    // The lender works the agent's complaint: the next refresh brings it, and only it.
    const moved = await call(
      server,
      'PATCH',
      `/complaint/${mine[0]!.id}`,
      { status: 'resolved', resolution: 'Second charge refunded to M-Pesa.' },
      lender.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const before = phone.answers.length;
    expect(await phone.syncAll()).toEqual([200]);
    const [shard] = phone.answers[before]!.shards;
    expect(shard!.complaints.map((c) => [c.id, c.status, c.resolution])).toEqual([
      [mine[0]!.id, 'resolved', 'Second charge refunded to M-Pesa.'],
    ]);
    expect(shard!.removed.complaints).toEqual([]);

    // Someone else's complaint changing raises the counter, but is neither sent nor named.
    for (const [id, token] of [
      [colleagues.id, lender.token],
      [lenders.id, lender.token],
    ] as const) {
      const res = await call(server, 'PATCH', `/complaint/${id}`, { category: 'other' }, token);
      expect(res.status).toBe(200);
    }
    await bySms(mary.phoneNumber, 'COMPLAINT still nothing from the lender', 'ATXid_ws_2');
    // The SMS acknowledging it goes after the answer, and its status raises the counter too.
    await smsSettled(server);
    const quiet = phone.answers.length;
    await phone.syncAll();
    const text = JSON.stringify(phone.answers.slice(quiet));
    for (const other of [colleagues, lenders]) expect(text).not.toContain(`${other.id},`);
    for (const answer of phone.answers.slice(quiet)) {
      for (const x of answer.shards) {
        expect(x.complaints).toEqual([]);
        expect(x.removed.complaints).toEqual([]);
      }
    }
    expect(held(phone).map((c) => c.id)).toEqual(await apiComplaintIds(agent.token));
    expect(await phone.syncAll()).toEqual([304]);
  });

  it('a phone synced before complaints were carried gets them without filling again', async () => {
    const phone = new Phone(agent.token);
    await phone.syncAll();
    // The same token as a server of the format before would have written it.
    const older = phone.token!.replace(/^2~/, '1~');
    const answer = await sync(agent.token, older);
    expect(answer.status).toBe(200);
    const shards = answer.body!.shards;
    expect(shards.every((x) => !x.reset)).toBe(true);
    expect(shards.flatMap((x) => x.borrowers)).toEqual([]);
    expect(shards.flatMap((x) => x.complaints).map((c) => c.id)).toEqual(
      (await apiComplaintIds(agent.token)).slice(0, CHUNK),
    );
  });
});
