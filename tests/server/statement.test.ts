/**
 * Loan statements (the README's "The borrower's statement and data rights") over real HTTP: the
 * terms and disclosure, the schedule, every fine, payment (with its split), refund, write-off and
 * recovery, each with the balance after it; the figures are compared with the ledgers to the cent.
 * Readable by the lender and the loan's agent only.
 */
import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents, type Cents } from '../../src/domain/money';
import { formatKes } from '../../src/lib/format';
import { fines, loanInstalments, loanPayments, loans, writeOffs } from '../../server/db/schema';
import { nairobiToday, runFines } from '../../server/jobs/fines';
import {
  activeAgent,
  approvedLender,
  FOUR_WEEKS,
  lendingBook,
  newBorrower,
  type LendingBook,
} from '../support/fixtures';
import {
  backdateLoan,
  deposit,
  disbursedLoan,
  eventually,
  ledgerViolations,
  pay,
} from '../support/money';
import { call, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let world: LendingBook;

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  world = await lendingBook(server, { name: 'Mwangi', plan: FOUR_WEEKS });
  await deposit(server, world.lender, 100_000);
});
afterAll(async () => {
  await server?.close();
});

type Line = {
  kind: string;
  amount: number;
  fines: number;
  interest: number;
  principal: number;
  overpayment: number;
  balance: number;
};

const cents = (value: number) => toCents(value);
const sum = (values: Cents[]) => values.reduce((a, b) => a + b, 0);
const transId = () => `R${randomBytes(5).toString('hex').toUpperCase()}`;

/** A new borrower's loan, paid out through the simulator. */
async function paidOutLoan(principal: number) {
  const borrower = await newBorrower(server, world);
  const loan = await disbursedLoan(server, world.agent, world.lender, {
    borrowerId: borrower.id,
    planId: world.planId,
    principal,
  });
  return { borrower, loan };
}

async function statementOf(loanId: number, token = world.lender.token) {
  return call(server, 'GET', `/loan/${loanId}/statement`, undefined, token);
}

/** Checks a statement against the loan's ledgers, to the cent. */
async function expectMatchesLedgers(loanId: number, statement: Record<string, unknown>) {
  const db = server.database.db;
  const [loan] = await db.select().from(loans).where(eq(loans.id, loanId));
  const fineRows = await db.select().from(fines).where(eq(fines.loanId, loanId));
  const payments = await db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));
  const schedule = await db
    .select()
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loanId));
  const [writeOff] = await db.select().from(writeOffs).where(eq(writeOffs.loanId, loanId));
  const lines = statement.lines as Line[];
  const totals = statement.totals as Record<string, number>;

  // The balance after each line is the one before plus the line's change.
  let balance = 0;
  for (const line of lines) {
    const change =
      line.kind === 'recovery' ||
      line.kind === 'refund' ||
      (line.kind === 'payment' && line.amount === 0)
        ? 0
        : cents(line.amount);
    balance += change;
    expect(cents(line.balance)).toBe(balance);
    if (line.kind === 'payment' || line.kind === 'recovery') {
      expect(cents(line.fines) + cents(line.interest) + cents(line.principal)).toBe(
        -cents(line.amount),
      );
    }
  }
  expect(balance).toBe(toCents(loan!.outstandingAmount));
  expect(cents(totals.balance!)).toBe(toCents(loan!.outstandingAmount));

  // Every fine and every payment's split, as the ledgers hold them.
  const fineLines = lines.filter((l) => l.kind === 'fine');
  expect(fineLines.map((l) => cents(l.amount)).sort()).toEqual(
    fineRows.map((f) => toCents(f.fineAmount)).sort(),
  );
  const paymentLines = lines.filter(
    (l) => (l.kind === 'payment' && l.amount !== 0) || l.kind === 'recovery',
  );
  expect(paymentLines).toHaveLength(payments.length);
  const split = (key: 'fines' | 'interest' | 'principal') =>
    sum(paymentLines.map((l) => cents(l[key])));
  expect(split('fines')).toBe(sum(payments.map((p) => toCents(p.fineAmount))));
  expect(split('interest')).toBe(sum(payments.map((p) => toCents(p.interestAmount))));
  expect(split('principal')).toBe(sum(payments.map((p) => toCents(p.principalAmount))));
  expect(cents(totals.paid!)).toBe(sum(payments.map((p) => toCents(p.total))));
  expect(cents(totals.fines!)).toBe(sum(fineRows.map((f) => toCents(f.fineAmount))));
  expect(cents(totals.writtenOff!)).toBe(writeOff ? toCents(writeOff.amount) : 0);
  expect(cents(totals.recovered!)).toBe(writeOff ? toCents(writeOff.recoveredAmount) : 0);

  // The schedule sums to what is owed without fines.
  const scheduleLines = statement.schedule as { amount: number }[];
  expect(scheduleLines).toHaveLength(schedule.length);
  expect(sum(scheduleLines.map((s) => cents(s.amount)))).toBe(toCents(loan!.initialAmount));
  expect(await ledgerViolations(server)).toEqual([]);
}

describe('a loan statement', () => {
  it('lists terms, disclosure, schedule, fines, split payments, overpayment and refund, matching the ledgers', async () => {
    const { borrower, loan } = await paidOutLoan(5000);
    // Three weeks in: the first instalments are late and draw fines.
    await backdateLoan(server, loan.id, 20);
    await runFines(server.database.db, nairobiToday(), { defaultAfterDays: 30 });
    await pay(server, {
      paybill: world.lender.paybill,
      account: loan.loanCode,
      amount: 1000,
      transId: transId(),
    });
    // Past the due date and its grace: fines on the balance.
    await backdateLoan(server, loan.id, 20);
    await runFines(server.database.db, nairobiToday(), { defaultAfterDays: 30 });
    const [owing] = await server.database.db.select().from(loans).where(eq(loans.id, loan.id));
    const rest = toCents(owing!.outstandingAmount) / 100;
    await pay(server, {
      paybill: world.lender.paybill,
      account: loan.loanCode,
      amount: rest + 500,
      transId: transId(),
    });
    const refund = await call(
      server,
      'POST',
      '/refund/balance',
      {
        phoneNumber: borrower.phoneNumber.replace(/^254/, '0'),
        loanCode: loan.loanCode,
        amount: 500,
      },
      world.lender.token,
    );
    expect(refund.status).toBe(200);
    await eventually(async () => {
      const res = await statementOf(loan.id);
      return res.body.totals.refunded === 500;
    });

    // Read twice at once: the same statement.
    const [res, again] = await Promise.all([statementOf(loan.id), statementOf(loan.id)]);
    expect(res.status).toBe(200);
    expect({ ...again.body, generatedAt: null }).toEqual({ ...res.body, generatedAt: null });
    const statement = res.body;
    expect(statement.loan).toMatchObject({ loanCode: loan.loanCode, status: 'repaid' });
    expect(statement.terms).toMatchObject({
      principalAmount: 5000,
      processingFee: 100,
      interestAmount: 500,
      totalCostOfCredit: 600,
      totalCostOfCreditShare: 12,
      initialAmount: 5500,
      disbursementAmount: 4900,
    });
    expect(statement.disclosure.join(' ')).toContain(
      'Total cost of credit: KES 600.00, which is 12% of the principal. Total to repay: KES 5,500.00.',
    );
    expect(statement.disclosure.join(' ')).toContain(
      'Central Bank of Kenya (Digital Credit Providers) Regulations, 2022',
    );
    const kinds = (statement.lines as Line[]).map((l) => l.kind);
    expect(kinds[0]).toBe('disbursement');
    expect(kinds.filter((k) => k === 'fine').length).toBeGreaterThanOrEqual(2);
    expect(kinds.filter((k) => k === 'payment')).toHaveLength(2);
    expect(kinds.at(-1)).toBe('refund');
    const [firstPayment, lastPayment] = (statement.lines as Line[]).filter(
      (l) => l.kind === 'payment',
    );
    // Fines are paid first.
    expect(firstPayment!.fines).toBeGreaterThan(0);
    expect(lastPayment!.overpayment).toBe(500);
    expect((statement.lines as Line[]).at(-1)!.balance).toBe(0);
    await expectMatchesLedgers(loan.id, statement);
  });

  it('shows a write-off and the recovery after it, matching the ledgers', async () => {
    const { loan } = await paidOutLoan(1000);
    await backdateLoan(server, loan.id, 28 + 31);
    await runFines(server.database.db, nairobiToday(), { defaultAfterDays: 30 });
    const written = await call(
      server,
      'PATCH',
      `/loan/writeoff/${loan.id}`,
      undefined,
      world.lender.token,
    );
    expect(written.status).toBe(200);
    await pay(server, {
      paybill: world.lender.paybill,
      account: loan.loanCode,
      amount: 300,
      transId: transId(),
    });
    const res = await statementOf(loan.id);
    const lines = res.body.lines as Line[];
    const writeOff = lines.find((l) => l.kind === 'write_off')!;
    expect(writeOff.balance).toBe(0);
    const recovery = lines.find((l) => l.kind === 'recovery')!;
    expect(recovery).toMatchObject({ amount: -300, balance: 0 });
    expect(res.body.totals.recovered).toBe(300);
    await expectMatchesLedgers(loan.id, res.body);
  });

  it('downloads as a PDF that opens on the loan code, the borrower and the balance', async () => {
    const { borrower, loan } = await paidOutLoan(1200);
    const response = await fetch(`${server.api}/loan/${loan.id}/statement.pdf`, {
      headers: { authorization: `Bearer ${world.lender.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${loan.loanCode}.pdf"`,
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    expect(text).toContain(`Loan statement ${loan.loanCode}`);
    expect(text).toContain(`${borrower.firstName} ${borrower.lastName}`);
    expect(text).toContain('Total cost of credit');
    expect(text).toContain('Central Bank of Kenya');
    const json = await statementOf(loan.id, world.lender.token);
    expect(text).toContain(formatKes(json.body.totals.balance));
    // The same readers as the JSON: others get 404, nobody signed in 401.
    const other = await approvedLender(server, 'Chebet');
    const refused = await fetch(`${server.api}/loan/${loan.id}/statement.pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.status).toBe(404);
    expect((await fetch(`${server.api}/loan/${loan.id}/statement.pdf`)).status).toBe(401);
  });

  it('is read by the lender and the loan’s agent; other lenders and agents get 404', async () => {
    const { loan } = await paidOutLoan(800);
    expect((await statementOf(loan.id, world.agent.token)).status).toBe(200);
    const colleague = await activeAgent(server, world.lender);
    expect((await statementOf(loan.id, colleague.token)).status).toBe(404);
    const other = await approvedLender(server, 'Nyambura');
    expect((await statementOf(loan.id, other.token)).status).toBe(404);
    expect((await statementOf(999_999)).status).toBe(404);
    expect((await call(server, 'GET', `/loan/${loan.id}/statement`)).status).toBe(401);
  });
});

/**
 * The text a PDF shows, read back from pdfkit's output: each content stream inflated,
 * and the hex strings of its TJ text operators decoded (the built-in fonts are one byte
 * per character), one line per operator.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...operator[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
