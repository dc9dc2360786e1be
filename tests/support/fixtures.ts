/**
 * Builds the people and records a test needs through the real API: an approved lender
 * with a business, areas, cycles, plans and agents.
 */
import { jwtDecode } from 'jwt-decode';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { jpeg, pdf, png } from './files';
import { deposit, eventually } from './money';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  callForm,
  lastMailedLink,
  login,
  type TestServer,
} from './test-server';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

/** An approved lender and its first business, whose paybill (unique) is verified. */
export type Lender = {
  id: number;
  email: string;
  token: string;
  businessId: number;
  paybill: string;
};

let paybillSequence = 0;
/**
 * A paybill number no other business of this test process has: a paybill belongs to one
 * business. (5xxxxx: never the platform's simulator shortcode 174379.)
 */
export function uniquePaybill(): string {
  paybillSequence += 1;
  return String(500_000 + paybillSequence);
}

const adminTokens = new WeakMap<TestServer, Promise<string>>();

/** The first admin's token, signed in once per server (sign-ins per email are rate-limited). */
export function adminToken(server: TestServer): Promise<string> {
  let token = adminTokens.get(server);
  if (!token) {
    token = login(server, 'admin', ADMIN_EMAIL, ADMIN_PASSWORD);
    adminTokens.set(server, token);
  }
  return token;
}

/**
 * Another administrator, signed in, made the way the product makes one: the super admin adds
 * it (POST /admin/administrators), it sets its password from the emailed invitation link, and
 * its first sign-in sets up its second factor (login does, as the app asks).
 */
export async function anotherAdmin(
  server: TestServer,
  name: string,
): Promise<{ id: number; email: string; password: string; token: string }> {
  const email = `${name.toLowerCase()}-${next()}@mkopo.test`;
  const password = 'Second-Admin#2026';
  const id = await addedAdmin(server, { name, email, password });
  return { id, email, password, token: await login(server, 'admin', email, password) };
}

/**
 * An administrator the super admin added, with its password set from the invitation mail, not
 * signed in yet (its first sign-in will ask it to set up a second factor). Answers its id.
 */
export async function addedAdmin(
  server: TestServer,
  person: { name: string; email: string; password: string },
): Promise<number> {
  const added = await call(
    server,
    'POST',
    '/admin/administrators',
    { name: person.name, email: person.email },
    await adminToken(server),
  );
  if (added.status !== 201) throw new Error(`add admin: ${JSON.stringify(added.body)}`);
  await setPasswordFromMail(server, person.email, person.password);
  return added.body.data.id as number;
}

/** Follows the newest set-password (or reset) link mailed to `email`, over the API. */
export async function setPasswordFromMail(
  server: TestServer,
  email: string,
  password: string,
): Promise<void> {
  // A server in another process logs the mail a moment after it answers.
  const link = await eventually(async () => lastMailedLink(server, email));
  const token = new URL(link).searchParams.get('token');
  const set = await call(server, 'POST', '/auth/password-reset/reset', {
    token,
    password,
    confirmPassword: password,
  });
  if (set.status !== 200) throw new Error(`set password: ${JSON.stringify(set.body)}`);
}

/**
 * Registers, submits the profile (as an operator, with a paybill of its own) and has an
 * admin approve it, which verifies that paybill.
 */
export async function approvedLender(server: TestServer, name = 'Kamau'): Promise<Lender> {
  const paybill = uniquePaybill();
  const email = `lender-${next()}@example.co.ke`;
  const password = 'Lender#2026';
  const registered = await call(server, 'POST', '/auth/lender/register', { email, password });
  const pendingToken = registered.body.token.accessToken as string;
  const id = jwtDecode<{ id: number }>(pendingToken).id;
  const admin = await adminToken(server);
  const regions = await call(server, 'GET', '/region', undefined, admin);
  const types = await call(server, 'GET', '/lenderbusinesstype', undefined, admin);
  // One of the business types every install has (migration 0017).
  const businessType = types.body.find(
    (t: { name: string }) => t.name === 'Microfinance institution',
  );
  const profile = await callForm(
    server,
    'PATCH',
    '/auth/lender/profile',
    {
      firstName: name,
      lastName: 'Lender',
      phoneNumber: '0712345678',
      gender: 'Male',
      lenderRegionId: regions.body[0].id,
      idNumber: '23456789',
      hasNoBusiness: false,
      businessType: businessType.id,
      businessName: `${name} Capital`,
      paybillNumber: paybill,
      defaultLoanLimit: 20000,
    },
    { passportPhoto: png(), businessLicenseUrl: pdf(), registrationCertificateUrl: jpeg() },
    pendingToken,
  );
  if (profile.status !== 200) throw new Error(`profile: ${JSON.stringify(profile.body)}`);
  await call(server, 'PATCH', `/admin/lender/approve/${id}`, undefined, admin);
  const token = await login(server, 'lender', email, password);
  const businesses = await call(server, 'GET', '/lender-business/lender', undefined, token);
  return { id, email, token, businessId: businesses.body[0].id as number, paybill };
}

export async function createArea(
  server: TestServer,
  lender: Lender,
  businessId = lender.businessId,
  name = `Area ${next()}`,
) {
  const res = await call(
    server,
    'POST',
    '/lender-business-area/add',
    { name, description: 'Market and surroundings', lenderBusinessId: businessId },
    lender.token,
  );
  if (res.status !== 201) throw new Error(`area: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string };
}

export async function createCycle(
  server: TestServer,
  lender: Lender,
  days = 7,
  businessId = lender.businessId,
) {
  const res = await call(
    server,
    'POST',
    '/repayment-cycle/add',
    { name: `Every ${days} days ${next()}`, days, lenderBusinessId: businessId },
    lender.token,
  );
  if (res.status !== 201) throw new Error(`cycle: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string; days: number };
}

export async function createPlan(
  server: TestServer,
  lender: Lender,
  overrides: Record<string, unknown> = {},
) {
  const cycle = overrides.repaymentCycleId ? undefined : await createCycle(server, lender);
  const res = await call(
    server,
    'POST',
    '/loanplan/add',
    {
      name: `Plan ${next()}`,
      durationInDays: 30,
      interestRate: 10,
      processingFee: 2.5,
      fineRateWithinLoanPeriod: 1,
      fineRateOverLoanPeriod: 2,
      gracePeriodWithinLoanPeriod: 2,
      gracePeriodOverLoanPeriod: 3,
      repaymentCycleId: cycle?.id,
      lenderBusinessId: lender.businessId,
      ...overrides,
    },
    lender.token,
  );
  if (res.status !== 201) throw new Error(`plan: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string };
}

/** Invites an agent, follows the mailed link to set its password, and signs it in. */
export async function activeAgent(
  server: TestServer,
  lender: Lender,
  businessId = lender.businessId,
) {
  const area = await createArea(server, lender, businessId);
  const email = `agent-${next()}@example.co.ke`;
  const res = await call(
    server,
    'POST',
    '/agent/register',
    {
      firstName: 'Otieno',
      lastName: 'Field',
      email,
      idNumber: '34567890',
      phoneNumber: '0722000111',
      lenderBusinessId: businessId,
      lenderBusinessAreaId: area.id,
    },
    lender.token,
  );
  if (res.status !== 201) throw new Error(`agent: ${JSON.stringify(res.body)}`);
  // A server in another process logs the mail a moment after it answers.
  const link = new URL(await eventually(async () => lastMailedLink(server, email)));
  const password = 'Agent#2026';
  await call(server, 'POST', '/auth/password-reset/reset', {
    token: link.searchParams.get('token'),
    password,
    confirmPassword: password,
  });
  const token = await login(server, 'agent', email, password);
  return {
    id: res.body.data.id as number,
    email,
    password,
    token,
    areaId: area.id,
    areaName: area.name,
  };
}

export type Agent = Awaited<ReturnType<typeof activeAgent>>;

let idSequence = 30_000_000;
/** Registers a borrower through the API (passport photo), answering its JSON. */
/** The consent fields a borrower registration carries: agreed now, to the current text. */
export function consentFields(): Record<string, string> {
  return { consent: 'true', consentVersion: BORROWER_CONSENT_VERSION };
}

export async function registerBorrower(
  server: TestServer,
  token: string,
  businessId: number,
  areaId: number,
  overrides: Record<string, string | number> = {},
) {
  idSequence += 1;
  const phone = `07${String(idSequence).slice(-8)}`;
  const res = await callForm(
    server,
    'POST',
    '/borrower/register',
    {
      firstName: 'Mary',
      lastName: 'Wambui',
      phoneNumber: phone,
      lenderBusinessId: businessId,
      lenderBusinessAreaId: areaId,
      gender: 'female',
      dob: '1990-04-12',
      nextOfKinName: 'John Wambui',
      nextOfKinNumber: '0711000000',
      nextOfKinRelation: 'Brother',
      idNumber: String(idSequence),
      ...consentFields(),
      ...overrides,
    },
    { passportPhoto: png() },
    token,
  );
  if (res.status !== 201) throw new Error(`borrower: ${JSON.stringify(res.body)}`);
  return res.body.data as {
    id: number;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    loanLimit: number;
    idNumber: string;
  };
}

export type Borrower = Awaited<ReturnType<typeof registerBorrower>>;

export type LendingBookOptions = {
  /** The lender's first name (its business is "<name> Capital"). */
  name?: string;
  /** How many agents to invite and sign in, each with an area of its own (1 unless told). */
  agents?: number;
  /** The length of the plan's repayment cycle in days (7 unless told). */
  cycleDays?: number;
  /** The plan's terms, over createPlan's defaults. */
  plan?: Record<string, unknown>;
  /** Capital to add by STK push once the plan exists. */
  capital?: number;
  /** How many borrowers the first agent registers in its area. */
  borrowers?: number;
};

export type LendingBook = {
  lender: Lender;
  /** The first agent. */
  agent: Agent;
  agents: Agent[];
  cycle: { id: number; name: string; days: number };
  plan: { id: number; name: string };
  planId: number;
  /** The first agent's area, where its borrowers are registered. */
  areaId: number;
  borrowers: Borrower[];
};

/** A four-week plan at 10% interest and a 2% processing fee. */
export const FOUR_WEEKS = { durationInDays: 28, interestRate: 10, processingFee: 2 };

/**
 * A lending book through the real API: an approved lender with its business, its agents, a
 * loan plan on a repayment cycle, and, when asked, capital and borrowers.
 */
export async function lendingBook(
  server: TestServer,
  options: LendingBookOptions = {},
): Promise<LendingBook> {
  const lender = await approvedLender(server, options.name);
  const agents: Agent[] = [];
  for (let i = 0; i < (options.agents ?? 1); i += 1) agents.push(await activeAgent(server, lender));
  const agent = agents[0]!;
  const cycle = await createCycle(server, lender, options.cycleDays ?? 7);
  const plan = await createPlan(server, lender, { repaymentCycleId: cycle.id, ...options.plan });
  if (options.capital) await deposit(server, lender, options.capital);
  const book = { lender, agent, agents, cycle, plan, planId: plan.id, areaId: agent.areaId };
  const borrowers: Borrower[] = [];
  for (let i = 0; i < (options.borrowers ?? 0); i += 1) {
    borrowers.push(await newBorrower(server, book));
  }
  return { ...book, borrowers };
}

/** Registers a borrower of the book, as its first agent, in that agent's area. */
export function newBorrower(
  server: TestServer,
  book: Pick<LendingBook, 'lender' | 'agent' | 'areaId'>,
  overrides: Record<string, string | number> = {},
): Promise<Borrower> {
  return registerBorrower(server, book.agent.token, book.lender.businessId, book.areaId, overrides);
}
