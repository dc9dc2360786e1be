/**
 * The demo's lending book, written through the API alone (npm run seed:demo, and the
 * scripted month of bench/cluster.ts through nginx): a lender with two businesses, four
 * agents, 60 borrowers with photos, and loans in every state with payments, fines, a
 * refund, a write-off, a failed disbursement, follow-ups and the SMS notices.
 *
 * The people are invented: e-mail addresses end in .test, ID numbers start at 9000, and
 * every phone number is in the simulator's 0700 000 xxx test range.
 */
import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { BORROWER_CONSENT_VERSION } from '../../src/domain/borrowers';
import { nairobiToday } from '../jobs/fines';
import { signInAsAdmin } from './admin-sign-in';

export const DEMO_PASSWORD = 'Demo#2026';
export const LENDER_EMAIL = 'amani.lender@mkopo-demo.test';
const DAY_MS = 86_400_000;

export type BookContext = {
  /** The API's base URL (…/api). */
  base: string;
  admin: { email: string; password: string };
  callbackSecret: string;
  /** The link of the newest invitation mailed to `email`. */
  invitationLink: (email: string) => Promise<string | undefined>;
  /** Moves a disbursed loan's dates `days` into the past (the book's history). */
  backdate: (loanId: number, days: number) => Promise<void>;
  say: (line: string) => void;
  /** Where the n-th paybill payment is posted, at once (the cluster spreads and doubles them); default [base]. */
  paymentBase?: (n: number) => string[];
};

export type Book = {
  borrowers: number;
  loans: number;
  /** Paybill payments made (each posted until answered, maybe to two instances). */
  payments: number;
  lenderToken: string;
  adminToken: string;
  businessIds: number[];
};

type Json = Record<string, unknown>;

const firstNames = [
  'Achieng',
  'Wanjiru',
  'Kamau',
  'Otieno',
  'Njeri',
  'Mwangi',
  'Akinyi',
  'Kiprono',
  'Wambui',
  'Ochieng',
  'Chebet',
  'Mutua',
  'Nyambura',
  'Kipchoge',
  'Atieno',
  'Karanja',
  'Muthoni',
  'Omondi',
  'Jepkosgei',
  'Ndungu',
];
const lastNames = [
  'Odhiambo',
  'Kariuki',
  'Wekesa',
  'Nyaga',
  'Cheruiyot',
  'Mbugua',
  'Onyango',
  'Waweru',
  'Kiplagat',
  'Musyoka',
  'Gathoni',
  'Barasa',
];

/** A 96×96 PNG portrait placeholder: a head and shoulders on a coloured ground. */
function portrait(seed: number): Uint8Array {
  const size = 96;
  const hue = (seed * 47) % 360;
  const [r, g, b] = hslToRgb(hue, 0.45, 0.62);
  const [sr, sg, sb] = hslToRgb((hue + 25) % 360, 0.25, 0.32);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const head = (x - 48) ** 2 + (y - 38) ** 2 < 18 ** 2;
      const shoulders = y > 62 && (x - 48) ** 2 / 34 ** 2 + (y - 96) ** 2 / 34 ** 2 < 1;
      rows.push(...(head || shoulders ? [sr, sg, sb] : [r, g, b]));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function throwError(message: string): never {
  throw new Error(message);
}

/** The agents' addresses: their first names come from the list, in order. */
export const agentEmail = (n: number) =>
  `${firstNames[(n + 7) % firstNames.length]!.toLowerCase()}.agent${n + 1}@mkopo-demo.test`;

export async function writeDemoBook(context: BookContext): Promise<Book> {
  const { base, callbackSecret, say } = context;
  /**
   * One request as the PWA sends it: a write carries an Idempotency-Key, and an answer an
   * instance could not give (it died: 502, 503, 504, or no connection) is sent again
   * with the same key, so it is done once.
   */
  async function request(method: string, path: string, init: () => RequestInit) {
    const key = method === 'GET' ? undefined : randomUUID();
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        const options = init();
        response = await fetch(`${base}${path}`, {
          ...options,
          method,
          headers: {
            ...(options.headers as Record<string, string>),
            ...(key ? { 'idempotency-key': key } : {}),
          },
        });
      } catch {
        response = undefined;
      }
      if (response && ![502, 503, 504].includes(response.status)) return response;
      if (attempt === 8) throwError(`${method} ${path}: no instance answered`);
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }

  async function call(method: string, path: string, body?: unknown, token?: string) {
    const response = await request(method, path, () => ({
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
    const text = await response.text();
    const answer = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) throwError(`${method} ${path} answered ${response.status}: ${text}`);
    return answer as Json & Json[];
  }

  async function send(
    method: string,
    path: string,
    fields: Record<string, string | number | boolean>,
    files: Record<string, { bytes: Uint8Array; name: string; type: string }>,
    token: string,
  ) {
    const response = await request(method, path, () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      for (const [name, file] of Object.entries(files)) {
        form.append(name, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
      }
      return { headers: { authorization: `Bearer ${token}` }, body: form };
    });
    if (!response.ok)
      throwError(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Json;
  }

  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throwError(`gave up waiting: ${what}`);
  };

  const signIn = async (role: string, email: string, password: string) =>
    ((await call('POST', `/auth/${role}/login`, { email, password })).token as Json)
      .accessToken as string;

  say('Seeding the demo lending business…');

  // The lender: registered, profile with documents, approved.
  const adminToken = await signInAsAdmin(base, context.admin.email, context.admin.password);
  const pending = (
    (await call('POST', '/auth/lender/register', { email: LENDER_EMAIL, password: DEMO_PASSWORD }))
      .token as Json
  ).accessToken as string;
  const lenderId = JSON.parse(Buffer.from(pending.split('.')[1]!, 'base64url').toString())
    .id as number;
  const regions = await call('GET', '/region', undefined, adminToken);
  const types = await call('GET', '/lenderbusinesstype', undefined, adminToken);
  const typeId = (name: string) => (types.find((t) => t.name === name) ?? types[0]!).id as number;
  await send(
    'PATCH',
    '/auth/lender/profile',
    {
      firstName: 'Amani',
      lastName: 'Mwikali',
      phoneNumber: '0700000100',
      gender: 'Female',
      lenderRegionId: (regions.find((r) => r.name === 'Nairobi') ?? regions[0]!).id as number,
      idNumber: '90000001',
      hasNoBusiness: false,
      businessType: typeId('Microfinance institution'),
      businessName: 'Amani Microcredit (demo)',
      paybillNumber: '600100',
      defaultLoanLimit: 20_000,
    },
    {
      passportPhoto: { bytes: portrait(99), name: 'amani.png', type: 'image/png' },
      businessLicenseUrl: { bytes: PDF, name: 'business-licence.pdf', type: 'application/pdf' },
      registrationCertificateUrl: { bytes: PDF, name: 'certificate.pdf', type: 'application/pdf' },
    },
    pending,
  );
  await call('PATCH', `/admin/lender/approve/${lenderId}`, undefined, adminToken);
  const lender = await signIn('lender', LENDER_EMAIL, DEMO_PASSWORD);

  // A second business, its paybill verified by the admin.
  await send(
    'POST',
    '/lender-business/register',
    {
      businessName: 'Amani Boda Loans (demo)',
      paybillNumber: '600200',
      defaultLoanLimit: 15_000,
      lenderBusinessTypeId: typeId('Microfinance institution'),
    },
    {
      businessLicenseUrl: { bytes: PDF, name: 'boda-licence.pdf', type: 'application/pdf' },
      registrationCertificateUrl: {
        bytes: PDF,
        name: 'boda-certificate.pdf',
        type: 'application/pdf',
      },
    },
    lender,
  );
  for (const waiting of await call(
    'GET',
    '/admin/lender-business/paybills-waiting',
    undefined,
    adminToken,
  )) {
    await call(
      'PATCH',
      `/admin/lender-business/${waiting.id as number}/verify-paybill`,
      undefined,
      adminToken,
    );
  }
  const businesses = await call('GET', '/lender-business/lender', undefined, lender);

  type Business = {
    id: number;
    paybill: string;
    plans: number[];
    agents: { token: string; areaId: number }[];
  };
  const book: Business[] = [];
  let phone = 200;
  let idNumber = 90_000_100;
  const areaNames = [
    ['Gikomba Market', 'Traders around the market'],
    ['Kawangware', 'Shops along Naivasha Road'],
    ['Kisumu Town', 'Boda riders at the stage'],
    ['Kondele', 'Riders and kiosks'],
  ];
  for (const [index, business] of businesses.entries()) {
    const id = business.id as number;
    const areas: number[] = [];
    for (const [name, description] of areaNames.slice(index * 2, index * 2 + 2)) {
      const area = await call(
        'POST',
        '/lender-business-area/add',
        { name, description, lenderBusinessId: id },
        lender,
      );
      areas.push((area.data as Json).id as number);
    }
    const weekly = await call(
      'POST',
      '/repayment-cycle/add',
      { name: 'Weekly', days: 7, lenderBusinessId: id },
      lender,
    );
    const monthly = await call(
      'POST',
      '/repayment-cycle/add',
      { name: 'Monthly', days: 30, lenderBusinessId: id },
      lender,
    );
    const plans: number[] = [];
    for (const plan of [
      {
        name: 'Biashara 4 weeks',
        durationInDays: 28,
        interestRate: 10,
        processingFee: 2,
        cycle: weekly,
      },
      {
        name: 'Msingi 2 months',
        durationInDays: 60,
        interestRate: 15,
        processingFee: 3,
        cycle: monthly,
      },
    ]) {
      const created = await call(
        'POST',
        '/loanplan/add',
        {
          name: plan.name,
          durationInDays: plan.durationInDays,
          interestRate: plan.interestRate,
          processingFee: plan.processingFee,
          fineRateWithinLoanPeriod: 1,
          fineRateOverLoanPeriod: 2,
          gracePeriodWithinLoanPeriod: 2,
          gracePeriodOverLoanPeriod: 3,
          repaymentCycleId: (plan.cycle.data as Json).id as number,
          lenderBusinessId: id,
        },
        lender,
      );
      plans.push((created.data as Json).id as number);
    }
    const agents: Business['agents'] = [];
    for (const [n, areaId] of areas.entries()) {
      const first = firstNames[(index * 2 + n + 7) % firstNames.length]!;
      const email = agentEmail(index * 2 + n);
      phone += 1;
      idNumber += 1;
      await call(
        'POST',
        '/agent/register',
        {
          firstName: first,
          lastName: lastNames[(index * 2 + n + 3) % lastNames.length]!,
          email,
          idNumber: String(idNumber),
          phoneNumber: `0700000${phone}`,
          lenderBusinessId: id,
          lenderBusinessAreaId: areaId,
        },
        lender,
      );
      const link = await context.invitationLink(email);
      if (!link) throwError(`no invitation mail for ${email}`);
      const token = new URL(link).searchParams.get('token');
      await call('POST', '/auth/password-reset/reset', {
        token,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
      });
      agents.push({ token: await signIn('agent', email, DEMO_PASSWORD), areaId });
    }
    // Capital: an STK push the simulator confirms.
    await call(
      'POST',
      '/initiate/request-stkpush',
      { phoneNumber: '0700000100', amount: 400_000, lenderBusinessId: id },
      lender,
    );
    await until('the deposit', async () => {
      const capital = await call('GET', `/capital/from-lender-business/${id}`, undefined, lender);
      return Number(capital.balance) >= 400_000;
    });
    book.push({ id, paybill: business.paybillNumber as string, plans, agents });
  }

  // 60 borrowers, 35 and 25, registered by the agents with their photos.
  type Borrower = {
    id: number;
    business: Business;
    agent: Business['agents'][number];
    phone: string;
  };
  const borrowers: Borrower[] = [];
  for (let n = 0; n < 60; n++) {
    const business = n < 35 ? book[0]! : book[1]!;
    const agent = business.agents[n % 2]!;
    // The simulator fails every B2C payment to 0700000002: one borrower shows a failed disbursement.
    const number = n === 59 ? '0700000002' : `0700000${String(300 + n)}`;
    const registered = await send(
      'POST',
      '/borrower/register',
      {
        firstName: firstNames[n % firstNames.length]!,
        lastName: lastNames[(n * 7) % lastNames.length]!,
        phoneNumber: number,
        lenderBusinessId: business.id,
        lenderBusinessAreaId: agent.areaId,
        gender: n % 3 === 0 ? 'male' : 'female',
        dob: `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
        nextOfKinName: `${firstNames[(n + 5) % firstNames.length]} ${lastNames[(n * 7) % lastNames.length]}`,
        nextOfKinNumber: `0700000${String(500 + n)}`,
        nextOfKinRelation: ['Sister', 'Brother', 'Spouse', 'Parent'][n % 4]!,
        idNumber: String(90_001_000 + n),
        consent: 'true',
        consentVersion: BORROWER_CONSENT_VERSION,
      },
      { passportPhoto: { bytes: portrait(n), name: `borrower-${n + 1}.png`, type: 'image/png' } },
      agent.token,
    );
    borrowers.push({ id: (registered.data as Json).id as number, business, agent, phone: number });
  }

  type Loan = { id: number; loanCode: string; business: Business; agent: Borrower['agent'] };
  const apply = async (borrower: Borrower, principal: number, plan = 0): Promise<Loan> => {
    const answer = await call(
      'POST',
      '/loan/apply',
      {
        borrowerId: borrower.id,
        lenderLoanPlanId: borrower.business.plans[plan]!,
        principalAmount: principal,
        lenderBusinessId: borrower.business.id,
      },
      borrower.agent.token,
    );
    const data = answer.data as Json;
    return {
      id: data.id as number,
      loanCode: data.loanCode as string,
      business: borrower.business,
      agent: borrower.agent,
    };
  };
  const loanOf = async (loan: Loan) =>
    (await call('GET', `/loan/from-lender-business/${loan.business.id}`, undefined, lender)).find(
      (l) => l.id === loan.id,
    )!;
  const approve = async (loan: Loan, settles = true) => {
    await call(
      'PUT',
      `/loan/approving-loan-for-borrower/${loan.id}/${loan.business.id}/approve`,
      undefined,
      lender,
    );
    await until(`loan ${loan.loanCode} disbursed`, async () => {
      const status = (await loanOf(loan)).status;
      return settles ? status === 'active' : status !== 'disbursing';
    });
  };
  let receipt = 0;
  /**
   * A paybill payment as Safaricom posts it: until an instance says it got it (sent again,
   * with the same TransID, as Safaricom does), and with `paymentBase` possibly to two
   * instances at once, as a duplicated delivery would.
   */
  const pay = async (loan: Loan, amount: number) => {
    receipt += 1;
    const confirmation = JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: `DEMO${String(receipt).padStart(6, '0')}`,
      TransTime: new Date().toISOString().replace(/\D/g, '').slice(0, 14),
      TransAmount: amount.toFixed(2),
      BusinessShortCode: loan.business.paybill,
      BillRefNumber: loan.loanCode,
      InvoiceNumber: '',
      OrgAccountBalance: '0.00',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 000',
      FirstName: 'DEMO',
      MiddleName: '',
      LastName: '',
    });
    const post = async (to: string) => {
      try {
        const response = await fetch(`${to}/mpesa/callback/${callbackSecret}/c2b/confirmation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: confirmation,
        });
        return response.ok;
      } catch {
        return false;
      }
    };
    for (let attempt = 0; attempt < 8; attempt++) {
      const targets = context.paymentBase?.(receipt + attempt) ?? [base];
      const answers = await Promise.all(targets.map(post));
      if (answers.some(Boolean)) return;
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
    }
    throwError(`payment to ${loan.loanCode}: no instance answered`);
  };

  // The fines job runs only from the first loan's day on: the oldest backdating says where.
  let oldestDaysAgo = 0;
  const backdate = (loan: Loan, days: number) => {
    oldestDaysAgo = Math.max(oldestDaysAgo, days);
    return context.backdate(loan.id, days);
  };

  const principals = [3_000, 5_000, 7_500, 10_000, 4_000, 6_000, 12_000, 8_000];
  const principal = (n: number) => principals[n % principals.length]!;
  const queue = [...borrowers];
  const next = () => queue.shift()!;
  const failedBorrower = borrowers[59]!;
  queue.splice(queue.indexOf(failedBorrower), 1);

  say('  loans: pending and rejected');
  for (let n = 0; n < 6; n++) await apply(next(), principal(n), n % 2);
  for (let n = 0; n < 3; n++) {
    const loan = await apply(next(), principal(n + 2));
    await call('PUT', `/loan/reject/${loan.id}`, undefined, lender);
  }

  say('  loans: repaid');
  for (let n = 0; n < 10; n++) {
    const loan = await apply(next(), principal(n));
    await approve(loan);
    await backdate(loan, 20 + n);
    const owed = Number((await loanOf(loan)).outstandingAmount);
    const first = Math.round(owed / 2);
    await pay(loan, first);
    await pay(loan, Math.round((owed - first) * 100) / 100);
  }

  say('  loans: active, some part paid');
  const active: Loan[] = [];
  for (let n = 0; n < 16; n++) {
    const loan = await apply(next(), principal(n + 3), n % 2);
    await approve(loan);
    await backdate(loan, n % 12);
    if (n % 3 !== 0)
      await pay(loan, Math.round(Number((await loanOf(loan)).outstandingAmount) / (2 + (n % 3))));
    active.push(loan);
  }

  say('  loans: overdue, in default, written off');
  const late: Loan[] = [];
  for (let n = 0; n < 9; n++) {
    const loan = await apply(next(), principal(n + 1));
    await approve(loan);
    // 28-day loans: 34–45 days ago is overdue; 60+ days ago ends in default.
    await backdate(loan, n < 5 ? 34 + n * 2 : 62 + n);
    if (n % 2 === 0)
      await pay(loan, Math.round(Number((await loanOf(loan)).outstandingAmount) / 4));
    late.push(loan);
  }
  // The fines job for every past day of the book, oldest first, as each night would have.
  for (let ago = oldestDaysAgo; ago >= 1; ago--) {
    const day = nairobiToday(new Date(Date.now() - ago * DAY_MS));
    await call('POST', '/admin/jobs/fines', { date: day }, adminToken);
  }
  const defaulted = [];
  for (const loan of late) if ((await loanOf(loan)).status === 'default') defaulted.push(loan);
  if (defaulted[0]) await call('PATCH', `/loan/writeoff/${defaulted[0].id}`, undefined, lender);

  say('  a refund, a failed disbursement, follow-ups and reminders');
  const overpayer = next();
  const overpaid = await apply(overpayer, 2_000);
  await approve(overpaid);
  const owed = Number((await loanOf(overpaid)).outstandingAmount);
  await pay(overpaid, owed + 500);
  await call(
    'POST',
    '/refund/balance',
    { phoneNumber: overpayer.phone, loanCode: overpaid.loanCode, amount: 500, reason: '' },
    lender,
  );
  const failed = await apply(failedBorrower, 4_000);
  await approve(failed, false);

  const comments = [
    'Visited the stall; business is slow this week, promised to pay on Friday.',
    'Called, no answer. Will visit on market day.',
    'Paid part at the shop; the rest after the harvest sale.',
    'Met at the stage, bike under repair; asked for a week.',
  ];
  for (const [n, loan] of [...late, ...active.slice(0, 4)].entries()) {
    await call(
      'POST',
      '/follow-up',
      { loanId: loan.id, comment: comments[n % comments.length]! },
      loan.agent.token,
    );
  }
  await call('POST', '/admin/jobs/sms', {}, adminToken);
  return {
    borrowers: borrowers.length,
    loans: 6 + 3 + 10 + 16 + 9 + 2,
    payments: receipt,
    lenderToken: lender,
    adminToken,
    businessIds: book.map((business) => business.id),
  };
}
