/** Money test helpers: M-Pesa through the simulator and the real callback routes. */
import { sql } from 'drizzle-orm';
import type { Lender } from './fixtures';
import { call, TEST_CALLBACK_SECRET, type TestServer } from './test-server';

/** Polls until `check` answers a value (the simulator completes after a short delay). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function capitalOf(
  server: TestServer,
  lender: Lender,
  businessId = lender.businessId,
): Promise<number> {
  const res = await call(
    server,
    'GET',
    `/capital/from-lender-business/${businessId}`,
    undefined,
    lender.token,
  );
  return res.body.balance as number;
}

let depositPhone = 0;
/**
 * A lender's phone for a deposit: a new one each time, so tests that add money often stay
 * within the limit of 3 PIN prompts per phone number in 2 minutes.
 */
const nextDepositPhone = () => `0711${String((depositPhone += 1) % 1_000_000).padStart(6, '0')}`;

/** Adds money by STK push and waits until the simulator's callback credited it. */
export async function deposit(
  server: TestServer,
  lender: Lender,
  amount: number,
  businessId = lender.businessId,
) {
  const before = await capitalOf(server, lender, businessId);
  const res = await call(
    server,
    'POST',
    '/initiate/request-stkpush',
    { phoneNumber: nextDepositPhone(), amount, lenderBusinessId: businessId },
    lender.token,
  );
  if (res.status !== 200) throw new Error(`stk: ${JSON.stringify(res.body)}`);
  await eventually(async () => (await capitalOf(server, lender, businessId)) === before + amount);
}

export async function loanStatus(
  server: TestServer,
  lender: Lender,
  loanId: number,
): Promise<{
  status: string;
  outstandingAmount: number;
  disbursementDate: string | null;
  disbursementFailure: string | null;
}> {
  const res = await call(
    server,
    'GET',
    `/loan/from-lender-business/${lender.businessId}`,
    undefined,
    lender.token,
  );
  return res.body.find((l: { id: number }) => l.id === loanId);
}

/**
 * Moves a disbursed loan `days` into the past (its disbursement and due dates), so the
 * fines job can run for the loan's later days: the job refuses days that have not happened.
 */
export async function backdateLoan(server: TestServer, loanId: number, days: number) {
  await server.database.db.execute(
    sql`update loans set disbursement_date = disbursement_date - make_interval(days => ${days}),
        due_date = due_date - make_interval(days => ${days}) where id = ${loanId}`,
  );
}

/** POSTs a Daraja-shaped callback to the server's M-Pesa callback route `path` (e.g. "stk"). */
export function mpesaCallback(server: TestServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.api}/mpesa/callback/${TEST_CALLBACK_SECRET}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A borrower's paybill payment, as Safaricom posts it (Daraja's API reference C2B confirmation);
 * `transAmount` sends TransAmount as given, for amounts M-Pesa could not have sent.
 */
export async function pay(
  server: TestServer,
  payment: {
    paybill: string;
    account: string;
    amount: number | string;
    transId: string;
    transAmount?: string;
  },
) {
  const response = await mpesaCallback(server, 'c2b/confirmation', {
    TransactionType: 'Pay Bill',
    TransID: payment.transId,
    TransTime: '20261122101500',
    TransAmount: payment.transAmount ?? Number(payment.amount).toFixed(2),
    BusinessShortCode: payment.paybill,
    BillRefNumber: payment.account,
    InvoiceNumber: '',
    OrgAccountBalance: '49197.00',
    ThirdPartyTransID: '',
    MSISDN: '2547 ***** 126',
    FirstName: 'JOHN',
    MiddleName: '',
    LastName: '',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The ledger invariants of docs/architecture.md §5, checked straight from the tables. */
export async function ledgerViolations(server: TestServer): Promise<string[]> {
  const db = server.database.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const capital = await rows(sql`
    select b.id, b.capital_balance, coalesce(sum(c.amount), 0) as sum, min(c.balance) as min_balance
    from lender_businesses b left join capital_transactions c on c.lender_business_id = b.id
    group by b.id having b.capital_balance <> coalesce(sum(c.amount), 0) or b.capital_balance < 0 or min(c.balance) < 0`);
  const loans = await rows(sql`
    select l.id from loans l
    where l.initial_amount
      + coalesce((select sum(f.fine_amount) from fines f where f.loan_id = l.id), 0)
      - coalesce((select sum(p.total) from loan_payments p where p.loan_id = l.id), 0)
      - coalesce((select sum(w.amount - w.recovered_amount) from write_offs w where w.loan_id = l.id), 0)
      <> l.outstanding_amount
      or l.outstanding_amount < 0
      or exists (select 1 from write_offs w where w.loan_id = l.id
        and (w.recovered_amount < 0 or w.recovered_amount > w.amount))`);
  const wallets = await rows(sql`
    select l.id from loans l
    where coalesce((select w.total from wallet_records w where w.loan_id = l.id order by w.id desc limit 1), 0)
      <> coalesce((select sum(w.amount) from wallet_records w where w.loan_id = l.id), 0)
      or exists (select 1 from wallet_records w where w.loan_id = l.id and w.total < 0)`);
  return [
    ...capital.map(
      (r) =>
        `capital of business ${String(r.id)}: balance ${String(r.capital_balance)} vs sum ${String(r.sum)}`,
    ),
    ...loans.map((r) => `loan ${String(r.id)}: outstanding does not add up`),
    ...wallets.map((r) => `wallet of loan ${String(r.id)} does not add up`),
  ];
}

export type AppliedLoan = { id: number; loanCode: string; initialAmount: number };

/** Files a loan application through the API, as an agent would; answers the new loan. */
export async function applyForLoan(
  server: TestServer,
  agent: { token: string },
  lender: Lender,
  application: { borrowerId: number; planId: number; principal: number },
): Promise<AppliedLoan> {
  const res = await call(
    server,
    'POST',
    '/loan/apply',
    {
      borrowerId: application.borrowerId,
      lenderLoanPlanId: application.planId,
      principalAmount: application.principal,
      lenderBusinessId: lender.businessId,
    },
    agent.token,
  );
  if (res.status !== 201) throw new Error(`apply: ${JSON.stringify(res.body)}`);
  return res.body.data as AppliedLoan;
}

/** Pays what a loan still owes through its paybill and waits until the loan is repaid. */
export async function repayInFull(
  server: TestServer,
  lender: Lender,
  loan: { id: number; loanCode: string },
  transId: string,
) {
  const owed = (await loanStatus(server, lender, loan.id)).outstandingAmount;
  await pay(server, { paybill: lender.paybill, account: loan.loanCode, amount: owed, transId });
  await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'repaid');
}

/** Applies, has the lender disburse through the simulator, and waits until it is active. */
export async function disbursedLoan(
  server: TestServer,
  agent: { token: string },
  lender: Lender,
  application: { borrowerId: number; planId: number; principal: number },
): Promise<AppliedLoan> {
  const loan = await applyForLoan(server, agent, lender, application);
  const approved = await call(
    server,
    'PUT',
    `/loan/approving-loan-for-borrower/${loan.id}/${lender.businessId}/approve`,
    undefined,
    lender.token,
  );
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
  await eventually(async () => (await loanStatus(server, lender, loan.id)).status === 'active');
  return loan;
}
