/**
 * `npm run seed:scale -- --lenders 2000 --borrowers 200000 --loans 1000000`: fills the
 * configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR) with a
 * national-scale data set for the admin reports and their bench, in set-based SQL
 * (INSERT … SELECT over generate_series, no row-by-row round trips), in one transaction.
 *
 * The data is deterministic (a hash of each row's number stands in for randomness) and
 * its ledgers agree the way the running product keeps them (docs/architecture.md §5):
 * - lenders of every status; active, blocked and suspended ones run 1–3 businesses,
 *   each with two areas, two cycles, two plans and 2–6 agents;
 * - borrowers registered by those agents; loans one after another per borrower, only the
 *   latest open, in every status (pending, active, repaid, default, written_off, rejected),
 *   with the plan's terms and the schedule stored as the application would;
 * - every repayment an M-Pesa C2B payment (some matched by hand), credited to the wallet
 *   and capital, split fines → interest → principal in loan_payments; fines drawn on late
 *   loans (in duplum respected); write-offs of what defaulted loans still owed;
 *   overpayments left in the wallet or refunded by B2C;
 * - the capital ledger of each business: deposits (the first one large enough that the
 *   running balance never goes negative), disbursements, repayments, refunds and a
 *   withdrawal, with running balances, and capital_balance equal to its sum.
 * Seeded accounts sign in with the password printed at the end. Safe to run on a database
 * that already has data: ids continue from the existing ones. SEED_VERBOSE=1 prints the
 * time of every statement.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { CODE_ALPHABET } from '../../src/domain/codes';
import { loadConfig } from '../config';
import { DatabaseInUseError, openDatabase, type Database, type Tx } from '../db/client';
import { hashPassword } from '../lib/passwords';

export const SEED_PASSWORD = 'Seed#2026';

export type SeedOptions = { lenders: number; borrowers: number; loans: number };

const tables = [
  'users',
  'lender_businesses',
  'lender_business_areas',
  'repayment_cycles',
  'loan_plans',
  'borrowers',
  'loans',
  'loan_instalments',
  'mpesa_requests',
  'capital_transactions',
  'mpesa_repayment_transactions',
  'wallet_records',
  'loan_payments',
  'fines',
  'refunds',
  'write_offs',
  'follow_ups',
] as const;
type Table = (typeof tables)[number];

const firstNames = [
  'Wanjiru',
  'Kamau',
  'Otieno',
  'Achieng',
  'Mwangi',
  'Njeri',
  'Kiptoo',
  'Chebet',
  'Omondi',
  'Akinyi',
  'Mutua',
  'Wambui',
  'Kariuki',
  'Nyambura',
  'Odhiambo',
  'Atieno',
  'Kibet',
  'Jepchirchir',
  'Mugo',
  'Wairimu',
];
const lastNames = [
  'Njoroge',
  'Ochieng',
  'Kimani',
  'Wafula',
  'Mutiso',
  'Cheruiyot',
  'Onyango',
  'Macharia',
  'Barasa',
  'Kiprono',
  'Gitau',
  'Owino',
  'Ndungu',
  'Korir',
  'Muthoni',
  'Okoth',
  'Waweru',
  'Rotich',
  'Nyaga',
  'Simiyu',
];
const businessWords = [
  'Upendo',
  'Baraka',
  'Imani',
  'Tumaini',
  'Neema',
  'Amani',
  'Jamii',
  'Faraja',
  'Umoja',
  'Riziki',
  'Heshima',
  'Bidii',
  'Mavuno',
  'Pamoja',
  'Zawadi',
];
const businessKinds = ['Capital', 'Credit', 'Microfinance', 'Lenders', 'Finance'];
const followUpComments = [
  'Called the borrower, promised to pay by Friday.',
  'Visited the stall; the borrower will pay after market day.',
  'Phone off; left a message with the next of kin.',
  'Borrower paid part and asked for a week for the rest.',
];

/** A SQL text array literal. */
const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** A deterministic number in [0, 1) from a row number and a salt: randomness without random(). */
const u = (expression: string, salt: number) =>
  `((hashint8((${expression})::bigint * 1000 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** A short code in CODE_ALPHABET from a positive integer (loan and business codes). */
function codeOf(expression: string, length: number): string {
  const base = CODE_ALPHABET.length;
  const digits = Array.from(
    { length },
    (_, i) =>
      `substr('${CODE_ALPHABET}', (((${expression})::bigint / ${base ** (length - 1 - i)}) % ${base})::int + 1, 1)`,
  );
  return `(${digits.join(' || ')})`;
}

/**
 * A business's paybill from its id: 7 digits starting with 9, unique for a million
 * businesses, never a 6-digit test or sandbox number.
 */
function paybillOf(businessId: string): string {
  return `(9000000 + (${businessId})::bigint % 1000000)::text`;
}

type Step = { label: string; statements: string[] };

/** The statements, in order; `bases` are the largest ids already in each table. */
function seedSteps(options: SeedOptions, bases: Record<Table, number>, passwordHash: string) {
  const { lenders: L, borrowers: B, loans: N } = options;
  const U0 = bases.users;
  const steps: Step[] = [];
  const step = (label: string, ...statements: string[]) => steps.push({ label, statements });
  const DISBURSED = `('active', 'repaid', 'default', 'written_off')`;

  step(
    'lenders',
    `create temp table seed_lenders on commit drop as
     select k, id, status, created_at,
       case when status in ('Active', 'Blocked', 'Suspended')
         then 1 + (k % 3 = 0)::int + (k % 7 = 0)::int else 0 end as businesses
     from (
       select k, ${U0} + k as id,
         case k % 20 when 0 then 'Pending' when 1 then 'New' when 2 then 'Blocked'
           when 3 then 'Suspended' when 4 then 'Rejected' else 'Active' end as status,
         now() - interval '730 days' + (k - 1) * (interval '700 days' / ${L}) as created_at
       from generate_series(1, ${L}) k
     ) s`,
    `insert into users (id, email, password_hash, role, status, last_active_at, created_at, updated_at)
     overriding system value
     select id, 'lender' || id || '@scale.mkopo.test', '${passwordHash}', 'lender', status,
       case when status = 'New' then null
         else greatest(created_at, now() - ${u('k', 1)} * interval '45 days') end,
       created_at, created_at
     from seed_lenders`,
    `insert into lenders (id, first_name, last_name, phone_number, id_number, gender,
       lender_region_id, created_at, updated_at)
     select l.id,
       case when l.status = 'New' then null else (${textArray(firstNames)})[1 + l.k % ${firstNames.length}] end,
       case when l.status = 'New' then null else (${textArray(lastNames)})[1 + (l.k / ${firstNames.length}) % ${lastNames.length}] end,
       case when l.status = 'New' then null else '07' || lpad((l.id % 100000000)::text, 8, '0') end,
       case when l.status = 'New' then null else (20000000 + l.k)::text end,
       case when l.status = 'New' then null when l.k % 2 = 0 then 'Female' else 'Male' end,
       case when l.status = 'New' then null else r.ids[1 + l.k % array_length(r.ids, 1)] end,
       l.created_at, l.created_at
     from seed_lenders l, (select array_agg(id order by id) as ids from regions) r`,
  );

  step(
    'businesses, areas, cycles, plans',
    `create temp table seed_businesses on commit drop as
     select k, ${bases.lender_businesses} + k as id, lender_id, lender_k, created_at, agents,
       ${U0 + L} + sum(agents) over (order by k) - agents as agents_before
     from (
       select row_number() over (order by l.k, j) as k, l.id as lender_id, l.k as lender_k,
         l.created_at + j * interval '1 day' as created_at
       from seed_lenders l cross join generate_series(1, l.businesses) j
     ) b cross join lateral (select (2 + b.k % 5)::int as agents) a`,
    `analyze seed_businesses`,
    // Each business its own paybill (unique, from its id, so a second run adds new ones),
    // verified: the payments to it were credited to its loans.
    `insert into lender_businesses (id, lender_id, lender_business_type_id, business_name,
       lender_business_code, paybill_number, paybill_verified_at, default_loan_limit, status,
       created_at, updated_at)
     overriding system value
     select b.id, b.lender_id, t.id,
       (${textArray(businessWords)})[1 + b.k % ${businessWords.length}] || ' ' ||
         (${textArray(businessKinds)})[1 + (b.k / ${businessWords.length}) % ${businessKinds.length}] || ' ' || b.k,
       ${codeOf('b.id', 6)}, ${paybillOf('b.id')}, b.created_at, 20000,
       case when b.k % 29 = 0 then 'new' when b.k % 53 = 0 then 'blocked' else 'active' end,
       b.created_at, b.created_at
     from seed_businesses b, (select min(id) as id from lender_business_types) t`,
    `insert into lender_business_areas (id, lender_business_id, name, description, created_at)
     overriding system value
     select ${bases.lender_business_areas} + (b.k - 1) * 2 + j, b.id,
       (array['Market', 'Stage'])[j] || ' ' || b.k, 'Around the ' || lower((array['Market', 'Stage'])[j]),
       b.created_at
     from seed_businesses b cross join generate_series(1, 2) j`,
    `insert into repayment_cycles (id, lender_business_id, name, days, created_at)
     overriding system value
     select ${bases.repayment_cycles} + (b.k - 1) * 2 + j, b.id, (array['Weekly', 'Monthly'])[j],
       (array[7, 30])[j], b.created_at
     from seed_businesses b cross join generate_series(1, 2) j`,
    `insert into loan_plans (id, lender_business_id, repayment_cycle_id, name, duration_in_days,
       interest_rate, processing_fee, fine_rate_within_loan_period, fine_rate_over_loan_period,
       grace_period_within_loan_period, grace_period_over_loan_period, created_at)
     overriding system value
     select ${bases.loan_plans} + (b.k - 1) * 2 + j, b.id, ${bases.repayment_cycles} + (b.k - 1) * 2 + j,
       (array['Four weeks', 'One month'])[j], (array[28, 30])[j], (array[10, 15])[j],
       (array[2.5, 3])[j], (array[1, 2])[j], (array[2, 3])[j], (array[2, 3])[j], (array[3, 5])[j],
       b.created_at
     from seed_businesses b cross join generate_series(1, 2) j`,
  );

  // Agents: the last of a business's agents may be invited (new) or suspended; the others
  // are the ones who register borrowers and apply for loans.
  step(
    'agents',
    `create temp table seed_agents on commit drop as
     select b.agents_before + j as id, b.id as business_id, b.k as business_k, b.lender_id, j,
       b.created_at + j * interval '1 day' as created_at,
       case when j = b.agents and b.k % 11 = 0 then 'new'
         when j = b.agents and b.k % 7 = 0 then 'suspended'
         when j = b.agents and b.k % 31 = 0 then 'blocked' else 'active' end as status
     from seed_businesses b cross join generate_series(1, b.agents) j`,
    `insert into users (id, email, password_hash, role, status, last_active_at, created_at, updated_at)
     overriding system value
     select id, 'agent' || id || '@scale.mkopo.test',
       case when status = 'new' then null else '${passwordHash}' end, 'agent', status,
       case when status = 'new' then null
         else greatest(created_at, now() - ${u('id', 2)} * interval '20 days') end,
       created_at, created_at
     from seed_agents`,
    `insert into agents (id, lender_id, first_name, last_name, id_number, phone_number, created_at, updated_at)
     select id, lender_id, (${textArray(firstNames)})[1 + (id * 7) % ${firstNames.length}],
       (${textArray(lastNames)})[1 + (id * 3) % ${lastNames.length}], (40000000 + id % 10000000)::text,
       '07' || lpad((id % 100000000)::text, 8, '0'), created_at, created_at
     from seed_agents`,
    `insert into agent_businesses (agent_id, lender_business_id, lender_business_area_id, created_at)
     select id, business_id, ${bases.lender_business_areas} + (business_k - 1) * 2 + 1 + j % 2, created_at
     from seed_agents`,
  );

  // Borrowers: older businesses have more of them (the hash is skewed towards low numbers).
  step(
    'borrowers',
    `create temp table seed_borrowers on commit drop as
     select n as k, ${bases.borrowers} + n as id, b.k as business_k, b.id as business_id, b.lender_id,
       b.agents_before + 1 + n % (b.agents - 1) as agent_id,
       b.created_at + interval '5 days'
         + ${u('n', 3)} * (now() - interval '10 days' - (b.created_at + interval '5 days')) as created_at,
       ${Math.floor(N / B)} + (n <= ${N % B})::int as loans
     from generate_series(1, ${B}) n
     join seed_businesses b
       on b.k = 1 + floor(power(${u('n', 4)}, 1.6) * (select count(*) from seed_businesses))::int`,
    `analyze seed_borrowers`,
    `insert into borrowers (id, lender_business_id, lender_business_area_id, registered_by_user_id,
       first_name, last_name, phone_number, gender, dob, next_of_kin_name, next_of_kin_number,
       next_of_kin_relation, id_number, status, loan_limit, created_at, updated_at)
     overriding system value
     select id, business_id, ${bases.lender_business_areas} + (business_k - 1) * 2 + 1 + k % 2, agent_id,
       (${textArray(firstNames)})[1 + (k * 13) % ${firstNames.length}],
       (${textArray(lastNames)})[1 + (k * 17) % ${lastNames.length}],
       '2547' || lpad((id % 100000000)::text, 8, '0'),
       (array['female', 'male'])[1 + k % 2], date '1970-01-01' + (k % 12000),
       (${textArray(firstNames)})[1 + (k * 5) % ${firstNames.length}] || ' ' ||
         (${textArray(lastNames)})[1 + (k * 17) % ${lastNames.length}],
       '07' || lpad(((id + 7) % 100000000)::text, 8, '0'), (array['Sister', 'Brother', 'Spouse', 'Parent'])[1 + k % 4],
       (30000000 + id % 60000000)::text,
       case when k % 97 = 0 then 'suspended' when k % 89 = 0 then 'flagged'
         when k % 101 = 0 then 'blocked' else 'active' end,
       20000 + 5000 * (k % 7), created_at, created_at
     from seed_borrowers`,
  );

  // Loans: borrower k's loans follow one another over its life; only the latest may be
  // open. Statuses follow the age of the application: a latest loan is pending for 3 days,
  // then active or repaid early; one past its due date by 30 days (default) is in default,
  // written off or repaid; older loans were repaid, written off or rejected.
  step(
    'loans and schedules',
    `create temp table seed_loans on commit drop as
     with numbered as (
       select g, ((g - 1) % ${B}) + 1 as borrower_k, ((g - 1) / ${B}) + 1 as n
       from generate_series(1, ${N}) g
     ),
     timed as (
       select x.g, ${bases.loans} + x.g as id, br.id as borrower_id, br.business_id, br.business_k,
         br.lender_id, br.agent_id, x.n = br.loans as latest, 1 + x.g % 2 as plan,
         br.created_at + (now() - br.created_at) * ((x.n - 1 + 0.8 * ${u('x.g', 5)}) / br.loans)
           as applied_at,
         ${u('x.g', 6)} as r
       from numbered x join seed_borrowers br on br.k = x.borrower_k
     ),
     aged as (
       select t.*, extract(epoch from now() - t.applied_at) / 86400 as age,
         (500 * (2 + floor(${u('t.g', 7)} * 39)))::numeric as principal,
         (array[28, 30])[t.plan] as duration, (array[7, 30])[t.plan] as cycle,
         (array[10, 15])[t.plan]::numeric as interest_rate, (array[2.5, 3])[t.plan]::numeric as fee_rate,
         (array[1, 2])[t.plan]::numeric as fine_within, (array[2, 3])[t.plan]::numeric as fine_over,
         (array[2, 3])[t.plan] as grace_within, (array[3, 5])[t.plan] as grace_over
       from timed t
     ),
     statused as (
       select a.*,
         case
           when a.r < 0.06 then 'rejected'
           when a.latest and a.age < 3 then 'pending'
           when a.latest and a.age < 45 then case when a.r < 0.35 then 'repaid' else 'active' end
           when a.latest and a.age < 57 then case when a.r < 0.30 then 'active' else 'repaid' end
           when a.age < 62 then 'repaid'
           when a.r < 0.12 then 'written_off'
           when a.latest and a.r < 0.27 then 'default'
           else 'repaid'
         end as status,
         round(a.principal * a.fee_rate / 100) as fee,
         round(a.principal * a.interest_rate / 100, 2) as interest,
         a.applied_at + (1 + ${u('a.g', 8)} * 20) * interval '1 hour' as disbursed_at
       from aged a
     ),
     fined as (
       select s.*, s.principal + s.interest as initial,
         s.disbursed_at + s.duration * interval '1 day' as due_at,
         case
           when s.status in ('default', 'written_off')
             then least(round(s.principal * (0.04 + 0.08 * ${u('s.g', 9)}::numeric)), floor((s.principal - s.interest) / 2))
           when s.status = 'active' and s.disbursed_at + (s.duration + s.grace_over) * interval '1 day' < now()
             then round((s.principal + s.interest) * s.fine_over / 100, 2)
           when s.status = 'repaid' and s.age >= 62 and ${u('s.g', 10)} < 0.2
             then round(s.principal * 0.01)
           else 0
         end as fines
       from statused s
     )
     select f.*,
       case f.status
         when 'repaid' then f.initial + f.fines
         when 'active' then round((f.initial + f.fines) * 0.8 * ${u('f.g', 11)}::numeric)
         when 'default' then round(f.initial * 0.5 * ${u('f.g', 11)}::numeric)
         when 'written_off' then round(f.initial * 0.5 * ${u('f.g', 11)}::numeric)
         else 0
       end as paid,
       case when f.status = 'repaid' and ${u('f.g', 12)} < 0.05
         then 100 * (1 + floor(${u('f.g', 13)} * 5)) else 0 end as overpaid,
       ${u('f.g', 14)} < 0.7 as refunded,
       case f.status
         when 'repaid' then least(now(), case when f.fines > 0
           then f.due_at + (f.grace_over + 5) * interval '1 day'
           else f.disbursed_at + f.duration * (0.3 + 0.7 * ${u('f.g', 15)}) * interval '1 day' end)
         when 'active' then now()
         else least(now(), f.due_at + interval '25 days')
       end as paid_until
     from fined f`,
    `alter table seed_loans add column payments int`,
    `update seed_loans set payments = case when paid >= 300 then 1 + g % 3 when paid > 0 then 1 else 0 end`,
    `analyze seed_loans`,
    `insert into loans (id, loan_code, borrower_id, lender_business_id, lender_loan_plan_id,
       requester_user_id, approver_user_id, status, principal_amount, processing_fee,
       interest_amount, initial_amount, disbursement_amount, outstanding_amount, interest_rate,
       processing_fee_rate, duration_in_days, cycle_days, fine_rate_within_loan_period,
       fine_rate_over_loan_period, grace_period_within_loan_period, grace_period_over_loan_period,
       application_date, disbursement_date, due_date, rejected_at, in_duplum_cap, defaulted_at,
       created_at, updated_at)
     overriding system value
     select id, ${codeOf('id', 8)}, borrower_id, business_id,
       ${bases.loan_plans} + (business_k - 1) * 2 + plan, agent_id,
       case when status = 'pending' then null else lender_id end, status, principal, fee,
       interest, initial, principal - fee,
       case when status in ('active', 'default') then initial + fines - paid
         when status in ('pending', 'rejected') then initial else 0 end,
       interest_rate, fee_rate, duration, cycle, fine_within, fine_over, grace_within, grace_over,
       applied_at,
       case when status in ${DISBURSED} then disbursed_at end,
       case when status in ${DISBURSED} then due_at end,
       case when status = 'rejected' then applied_at + interval '5 hours' end,
       case when status in ('default', 'written_off') or (status = 'active' and due_at < now())
         then principal end,
       case when status in ('default', 'written_off') then due_at + interval '30 days' end,
       applied_at, applied_at
     from seed_loans`,
    // The schedule as computeLoanTerms writes it: cycle payments rounded to shillings, the
    // last taking the remainder.
    `insert into loan_instalments (id, loan_id, number, day_offset, amount) overriding system value
     select ${bases.loan_instalments} + row_number() over (order by l.id, i), l.id, i,
       least(i * l.cycle, l.duration),
       case when i < c.cycles then c.payment else l.initial - c.payment * (c.cycles - 1) end
     from seed_loans l
     cross join lateral (
       select ceil(l.duration::numeric / l.cycle)::int as cycles,
         case when ceil(l.duration::numeric / l.cycle) > 1
           then least(round(l.initial * l.cycle / l.duration), floor(l.initial * 100 / (ceil(l.duration::numeric / l.cycle) - 1)) / 100)
           else l.initial end as payment
     ) c
     cross join generate_series(1, c.cycles) i`,
  );

  // Repayments: each loan's payments share what was paid, the last one carrying any
  // overpayment; each is applied fines first, then interest, then principal.
  step(
    'repayments, wallets, fines, write-offs',
    `create temp table seed_payments on commit drop as
     select row_number() over (order by l.id, i) as k, l.id as loan_id, l.business_id, l.lender_id,
       i, l.payments, p.applied + case when i = l.payments then l.overpaid else 0 end as amount,
       p.applied, case when i = l.payments then l.overpaid else 0 end as left_in_wallet,
       least(p.upto, l.fines) - least(p.before, l.fines) as fine_part,
       least(greatest(p.upto - l.fines, 0), l.interest) - least(greatest(p.before - l.fines, 0), l.interest)
         as interest_part,
       l.disbursed_at + (l.paid_until - l.disbursed_at) *
         (case when l.status = 'repaid' then i::float8 / l.payments else i::float8 / (l.payments + 1) end)
         as paid_at
     from seed_loans l
     cross join generate_series(1, l.payments) i
     cross join lateral (
       select floor(l.paid / l.payments) * (i - 1) as before,
         case when i = l.payments then l.paid else floor(l.paid / l.payments) * i end as upto
     ) b
     cross join lateral (select b.before, b.upto, b.upto - b.before as applied) p`,
    `analyze seed_payments`,
    // One payment in 37 came with a mistyped account number and was matched by hand.
    `insert into mpesa_repayment_transactions (id, trans_id, bill_ref_number, business_short_code,
       msisdn, first_name, amount, trans_time, verified, lender_business_id, loan_id,
       matched_by_user_id, matched_at, created_at)
     overriding system value
     select ${bases.mpesa_repayment_transactions} + p.k, 'SD' || lpad((${bases.mpesa_repayment_transactions} + p.k)::text, 10, '0'),
       case when p.k % 37 = 0 then 'X' || substr(${codeOf('p.loan_id', 8)}, 2) else ${codeOf('p.loan_id', 8)} end,
       ${paybillOf('p.business_id')}, '2547 ***** ' || lpad((p.k % 1000)::text, 3, '0'),
       (${textArray(firstNames.map((n) => n.toUpperCase()))})[1 + p.k % ${firstNames.length}], p.amount,
       to_char(p.paid_at at time zone 'Africa/Nairobi', 'YYYYMMDDHH24MISS'), true, p.business_id, p.loan_id,
       case when p.k % 37 = 0 then p.lender_id end,
       case when p.k % 37 = 0 then p.paid_at + interval '2 hours' end, p.paid_at
     from seed_payments p`,
    // Payments whose account number matched no loan, still waiting to be matched.
    `insert into mpesa_repayment_transactions (id, trans_id, bill_ref_number, business_short_code,
       msisdn, first_name, amount, trans_time, verified, lender_business_id, created_at)
     overriding system value
     select ${bases.mpesa_repayment_transactions} + (select count(*) from seed_payments) + n,
       'SU' || lpad((${bases.mpesa_repayment_transactions} + n)::text, 10, '0'), 'UNKNOWN' || n,
       ${paybillOf('b.id')}, '2547 ***** 000', 'JOHN', 100 * (1 + n % 30),
       to_char(now() - n * interval '1 hour', 'YYYYMMDDHH24MISS'), false, b.id, now() - n * interval '1 hour'
     from generate_series(1, ${Math.max(1, Math.floor(N / 200))}) n
     join seed_businesses b on b.k = 1 + n % (select count(*) from seed_businesses)`,
    `insert into loan_payments (id, loan_id, lender_business_id, mpesa_repayment_id, fine_amount,
       interest_amount, principal_amount, total, created_at)
     overriding system value
     select ${bases.loan_payments} + k, loan_id, business_id, ${bases.mpesa_repayment_transactions} + k,
       fine_part, interest_part, applied - fine_part - interest_part, applied, paid_at
     from seed_payments`,
    `insert into wallet_records (id, loan_id, source, amount, total, mpesa_repayment_id, created_at)
     overriding system value
     select ${bases.wallet_records} + 2 * k - 1, loan_id, 'repayment', amount, amount,
       ${bases.mpesa_repayment_transactions} + k, paid_at
     from seed_payments
     union all
     select ${bases.wallet_records} + 2 * k, loan_id, 'applied', -applied, left_in_wallet, null, paid_at
     from seed_payments`,
    `insert into fines (id, loan_id, lender_business_id, kind, period, fine_rate, fine_amount,
       fine_balance, accrued_on, payment_date, created_at)
     overriding system value
     select ${bases.fines} + row_number() over (order by id), id, business_id, 'over', 1, fine_over, fines,
       fines - least(paid, fines),
       ((due_at + (grace_over + 1) * interval '1 day') at time zone 'Africa/Nairobi')::date,
       case when paid >= fines then paid_until end,
       due_at + (grace_over + 1) * interval '1 day'
     from seed_loans where fines > 0`,
    `insert into write_offs (id, loan_id, amount, by_user_id, created_at) overriding system value
     select ${bases.write_offs} + row_number() over (order by id), id, initial + fines - paid, lender_id,
       least(now(), due_at + interval '37 days')
     from seed_loans where status = 'written_off'`,
    `insert into follow_ups (id, loan_id, lender_business_id, agent_user_id, comment, created_at)
     overriding system value
     select ${bases.follow_ups} + row_number() over (order by l.id, j), l.id, l.business_id, l.agent_id,
       (${textArray(followUpComments)})[1 + (l.g + j) % ${followUpComments.length}],
       least(now(), l.due_at + (2 + 3 * j) * interval '1 day')
     from seed_loans l cross join generate_series(1, 1 + l.g % 2) j
     where l.status = 'default' or (l.status = 'active' and l.due_at < now())`,
  );

  // M-Pesa requests and the capital ledger. Every debit is covered by the business's first
  // deposit, sized from the lowest point the running balance would otherwise reach.
  step(
    'M-Pesa requests, refunds and capital ledger',
    `create temp table seed_requests on commit drop as
     select row_number() over (order by kind_order, ref) + ${bases.mpesa_requests} as id, r.*
     from (
       select 1 as kind_order, l.id as ref, 'b2c' as kind, 'disbursement' as purpose, l.business_id,
         l.id as loan_id, l.lender_id, '2547' || lpad((l.borrower_id % 100000000)::text, 8, '0') as phone,
         l.principal - l.fee as amount, l.disbursed_at - interval '1 minute' as at
       from seed_loans l where l.status in ${DISBURSED}
       union all
       select 2, l.id, 'b2c', 'refund', l.business_id, l.id, l.lender_id,
         '2547' || lpad((l.borrower_id % 100000000)::text, 8, '0'), l.overpaid,
         least(now(), l.paid_until + interval '2 days')
       from seed_loans l where l.overpaid > 0 and l.refunded
       union all
       select 3, b.k * 4 + j, 'stk', 'deposit', b.id, null, b.lender_id, '0712345678',
         case j when 1 then 0 else 20000 * (1 + b.k % 4) end,
         case j when 1 then b.created_at + interval '2 days'
           else b.created_at + (now() - b.created_at) * 0.3 end
       from seed_businesses b cross join generate_series(1, 2) j
       union all
       select 4, b.k, 'b2c', 'withdrawal', b.id, null, b.lender_id, '0712345678',
         5000 * (1 + b.k % 3), b.created_at + (now() - b.created_at) * 0.6
       from seed_businesses b
     ) r`,
    `create temp table seed_capital on commit drop as
     select business_id, at, kind_order, ref, source, amount, request_id, loan_id, reference
     from (
       select q.business_id, q.at + interval '1 minute' as at, q.kind_order, q.ref,
         case q.purpose when 'disbursement' then 'disbursement' when 'refund' then 'refund'
           when 'withdrawal' then 'withdrawal' else 'mpesa_deposit' end as source,
         case when q.purpose = 'deposit' then q.amount else -q.amount end as amount,
         q.id as request_id, q.loan_id,
         case q.purpose when 'disbursement' then 'Loan ' || ${codeOf('q.loan_id', 8)}
           when 'refund' then 'Refund ' || ${codeOf('q.loan_id', 8)}
           when 'deposit' then 'SEED' || q.id else null end as reference
       from seed_requests q
       union all
       select p.business_id, coalesce(p.paid_at + case when p.k % 37 = 0 then interval '2 hours' end, p.paid_at),
         5, p.k, 'repayment', p.amount, null, p.loan_id,
         'SD' || lpad((${bases.mpesa_repayment_transactions} + p.k)::text, 10, '0')
       from seed_payments p
     ) e`,
    `analyze seed_capital`,
    // The first deposit (amount 0 so far) becomes what keeps the balance at or above zero.
    `create temp table seed_first_deposits on commit drop as
     select business_id, greatest(0, -min(run)) + 10000 * (1 + business_id % 5) as amount
     from (
       select business_id, sum(amount) over (partition by business_id order by at, kind_order, ref) as run
       from seed_capital
     ) r group by business_id`,
    `update seed_capital c set amount = d.amount from seed_first_deposits d
     where c.business_id = d.business_id and c.source = 'mpesa_deposit' and c.amount = 0`,
    `update seed_requests q set amount = c.amount from seed_capital c
     where c.request_id = q.id and q.purpose = 'deposit' and q.amount = 0`,
    `insert into mpesa_requests (id, kind, purpose, lender_business_id, loan_id, initiated_by_user_id,
       phone_number, amount, status, checkout_request_id, originator_conversation_id,
       conversation_id, result_code, result_desc, receipt, created_at, completed_at)
     overriding system value
     select id, kind, purpose, business_id, loan_id, lender_id, phone, amount, 'succeeded',
       case when kind = 'stk' then 'ws_CO_SEED_' || id end,
       case when kind = 'b2c' then 'seed-' || id end,
       case when kind = 'b2c' then 'AG_SEED_' || id end, '0',
       'The service request is processed successfully.', 'SEED' || id, at, at + interval '1 minute'
     from seed_requests`,
    `insert into refunds (id, loan_id, amount, phone_number, mpesa_request_id, status,
       requested_by_user_id, created_at)
     overriding system value
     select ${bases.refunds} + row_number() over (order by q.id), q.loan_id, q.amount, q.phone, q.id,
       'refunded', q.lender_id, q.at
     from seed_requests q where q.purpose = 'refund'`,
    `insert into wallet_records (id, loan_id, source, amount, total, created_at) overriding system value
     select ${bases.wallet_records} + 2 * (select count(*) from seed_payments) + row_number() over (order by q.id),
       q.loan_id, 'refund', -q.amount, 0, q.at
     from seed_requests q where q.purpose = 'refund'`,
    `insert into capital_transactions (id, lender_business_id, source, amount, balance, reference,
       mpesa_request_id, loan_id, created_at)
     overriding system value
     select ${bases.capital_transactions} + row_number() over (order by at, kind_order, ref),
       business_id, source, amount,
       sum(amount) over (partition by business_id order by at, kind_order, ref), reference,
       request_id, loan_id, at
     from seed_capital`,
    `update lender_businesses b set capital_balance = s.total
     from (select business_id, sum(amount) as total from seed_capital group by business_id) s
     where b.id = s.business_id`,
  );

  step(
    'identity sequences',
    ...tables.map(
      (table) =>
        `select setval(pg_get_serial_sequence('${table}', 'id'), max(id)) from ${table} having max(id) is not null`,
    ),
  );
  return steps;
}

async function baseIds(db: Tx): Promise<Record<Table, number>> {
  const answer = (await db.execute(
    sql.raw(
      `select ${tables.map((t) => `(select coalesce(max(id), 0) from ${t})::bigint as "${t}"`).join(', ')}`,
    ),
  )) as unknown as { rows: Record<Table, string | number>[] };
  const row = answer.rows[0]!;
  return Object.fromEntries(tables.map((t) => [t, Number(row[t])])) as Record<Table, number>;
}

/** Seeds the database; `say` hears a line per step with its time. Answers the total ms. */
export async function seedScale(
  database: Database,
  options: SeedOptions,
  say: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  const passwordHash = await hashPassword(SEED_PASSWORD);
  await database.db.transaction(async (tx) => {
    // The planner's JIT compiles these expression-heavy statements for seconds each.
    await tx.execute(sql.raw('set local jit = off'));
    // The rows are consistent by construction; where the role allows it, skip the
    // per-row foreign-key triggers (a superuser's bulk load), else keep them.
    await tx
      .transaction((savepoint) =>
        savepoint.execute(sql.raw('set local session_replication_role = replica')),
      )
      .catch(() => say('  (foreign keys checked row by row: not a superuser)'));
    const steps = seedSteps(options, await baseIds(tx), passwordHash);
    for (const { label, statements } of steps) {
      const stepStarted = performance.now();
      for (const statement of statements) {
        const statementStarted = performance.now();
        await tx.execute(sql.raw(statement));
        if (process.env.SEED_VERBOSE)
          say(
            `    ${(performance.now() - statementStarted).toFixed(0)} ms  ${statement.trim().split('\n')[0]}`,
          );
      }
      say(`  ${label}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
    }
  });
  const analyzed = performance.now();
  // Fresh statistics and visibility maps, as autovacuum would leave them: the reports'
  // plans and index-only scans depend on them.
  await database.db.execute(sql.raw('vacuum analyze'));
  say(`  vacuum analyze: ${((performance.now() - analyzed) / 1000).toFixed(1)} s`);
  return performance.now() - started;
}

/** What the seeded database holds, counted from the tables. */
export async function seededCounts(database: Database): Promise<Record<string, number>> {
  const counted = [
    'users',
    'lender_businesses',
    'borrowers',
    'loans',
    'loan_payments',
    'capital_transactions',
    'wallet_records',
  ] as const;
  const answer = (await database.db.execute(
    sql.raw(
      `select ${counted.map((t) => `(select count(*) from ${t})::bigint as "${t}"`).join(', ')}`,
    ),
  )) as unknown as { rows: Record<string, string | number>[] };
  return Object.fromEntries(counted.map((t) => [t, Number(answer.rows[0]![t])]));
}

function positive(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} must be a whole number of at least 1, got "${value}"\n`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      lenders: { type: 'string' },
      borrowers: { type: 'string' },
      loans: { type: 'string' },
    },
  });
  const options: SeedOptions = {
    lenders: positive(values.lenders, 'lenders', 2000),
    borrowers: positive(values.borrowers, 'borrowers', 200_000),
    loans: positive(values.loans, 'loans', 1_000_000),
  };
  const config = loadConfig();
  const database = await openDatabase(config).catch((error: unknown) => {
    if (!(error instanceof DatabaseInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  try {
    await database.migrate();
    const where =
      database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    process.stdout.write(
      `Seeding ${options.lenders.toLocaleString('en-KE')} lenders, ${options.borrowers.toLocaleString('en-KE')} borrowers and ${options.loans.toLocaleString('en-KE')} loans into ${where}\n`,
    );
    const ms = await seedScale(database, options, (line) => process.stdout.write(`${line}\n`));
    const counts = await seededCounts(database);
    process.stdout.write(
      `Seeded in ${(ms / 1000).toFixed(1)} s. The database now holds ${Object.entries(counts)
        .map(([table, n]) => `${n.toLocaleString('en-KE')} ${table}`)
        .join(', ')}.\n` +
        `Seeded lenders and agents sign in with the password ${SEED_PASSWORD} (emails lender<id>@scale.mkopo.test, agent<id>@scale.mkopo.test).\n`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main();
}
