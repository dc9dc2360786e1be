// @vitest-environment node
/**
 * The working set on the wire (src/domain/working-set.ts): leanLedger leaves out of each
 * payment what its receipt and its parts already say, leanLoans leaves out terms the
 * shard's plans already state, leanComplaint leaves out what is null and a deadline that is
 * the rules', and expandLedger, expandLoan and expandComplaint give the phone back what the
 * server had.
 */
import { describe, expect, it } from 'vitest';
import { complaintDeadline } from '../../src/domain/complaints';
import {
  expandComplaint,
  expandLedger,
  expandLoan,
  leanComplaint,
  leanLedger,
  leanLoans,
  wholeSeconds,
  type WorkingSetComplaint,
  type WorkingSetLedger,
  type WorkingSetLoan,
} from '../../src/domain/working-set';

const at = '2026-06-07T09:41:12.798Z';
const later = '2026-06-07T09:41:13.000Z';
const receipt = { id: 20, transId: 'SD0000000020', amount: 4791, verified: true, at };
const ledger: WorkingSetLedger = {
  id: 11,
  lenderBusinessId: 5,
  paybillNumber: '9000005',
  schedule: null,
  fines: [],
  payments: [
    // Applied as it came: named by id, its time and total left out.
    {
      createdAt: at,
      total: 4791,
      fineAmount: 0,
      interestAmount: 1875,
      principalAmount: 2916,
      receipt: { id: 20, transId: 'SD0000000020', amount: 4791 },
    },
    // Applied later, and a total that is not its parts' sum (cents that do not add up).
    {
      createdAt: later,
      total: 100.1,
      fineAmount: 0.05,
      interestAmount: 0,
      principalAmount: 100,
      receipt: { id: 20, transId: 'SD0000000020', amount: 4791 },
    },
    // A receipt matched to another loan: sent whole.
    {
      createdAt: later,
      total: 10.3,
      fineAmount: 0.1,
      interestAmount: 0.2,
      principalAmount: 10,
      receipt: { id: 99, transId: 'OTHERLOAN1', amount: 500 },
    },
    // Not by M-Pesa.
    {
      createdAt: later,
      total: 5,
      fineAmount: 0,
      interestAmount: 0,
      principalAmount: 5,
      receipt: null,
    },
  ],
  receipts: [receipt],
  refunds: [],
  writeOff: null,
  crbNotice: null,
};

describe('a ledger on the wire', () => {
  it('names a receipt applied as it came instead of repeating it', () => {
    const lean = leanLedger(ledger);
    expect(lean.payments).toEqual([
      { fineAmount: 0, interestAmount: 1875, principalAmount: 2916, receiptId: 20 },
      {
        createdAt: later,
        total: 100.1,
        fineAmount: 0.05,
        interestAmount: 0,
        principalAmount: 100,
        receiptId: 20,
      },
      {
        createdAt: later,
        fineAmount: 0.1,
        interestAmount: 0.2,
        principalAmount: 10,
        receipt: { id: 99, transId: 'OTHERLOAN1', amount: 500 },
      },
      { createdAt: later, fineAmount: 0, interestAmount: 0, principalAmount: 5 },
    ]);
    // A verified receipt says nothing of it; an empty list and a null are left out.
    expect(lean.receipts).toEqual([{ id: 20, transId: 'SD0000000020', amount: 4791, at }]);
    expect(Object.keys(lean).sort()).toEqual([
      'id',
      'lenderBusinessId',
      'paybillNumber',
      'payments',
      'receipts',
    ]);
    const unverified = { ...ledger, receipts: [{ ...receipt, verified: false }] };
    expect(leanLedger(unverified).receipts).toEqual([{ ...receipt, verified: false }]);
    expect(expandLedger(leanLedger(unverified))).toEqual(unverified);
  });

  it('sends times in whole seconds, as a statement counts them', () => {
    expect(wholeSeconds('2026-06-07T09:41:12.798Z')).toBe('2026-06-07T09:41:12Z');
    expect(wholeSeconds(new Date('2026-06-07T09:41:12Z'))).toBe('2026-06-07T09:41:12Z');
  });

  it('comes back on the phone as the server had it', () => {
    expect(expandLedger(leanLedger(ledger))).toEqual(ledger);
    // Through JSON, as it travels.
    expect(expandLedger(JSON.parse(JSON.stringify(leanLedger(ledger))))).toEqual(ledger);
  });

  it('refuses a payment that has no time and no receipt to take it from', () => {
    const lean = leanLedger(ledger);
    const broken = { ...lean, payments: [{ ...lean.payments![0]!, receiptId: 404 }] };
    expect(() => expandLedger(broken)).toThrow('has no time');
  });
});

const terms = {
  id: 9,
  durationInDays: 28,
  cycleDays: 7,
  interestRate: 10,
  processingFee: 2.5,
  fineRateWithinLoanPeriod: 1,
  fineRateOverLoanPeriod: 2,
  gracePeriodWithinLoanPeriod: 2,
  gracePeriodOverLoanPeriod: 3,
};
const plan = {
  ...terms,
  repaymentCycle: { days: 7 },
};
const loan = {
  id: 652,
  loanCode: '222222Q3',
  disbursementDate: '2025-11-05T14:11:51.335Z',
  dueDate: '2025-12-03T14:11:51.335Z',
  plan: terms,
} as unknown as WorkingSetLoan;
const disbursed = { id: 652, loanCode: '222222Q3', disbursementDate: '2025-11-05T14:11:51.335Z' };

describe('a loan on the wire', () => {
  it("names its plan when its terms are the plan's as the same answer states them", () => {
    const [lean] = leanLoans([loan], [plan]);
    expect(lean).toStrictEqual({ ...disbursed, planId: 9 });
    expect(expandLoan(lean!, [plan])).toStrictEqual(loan);
  });

  it('carries its terms when the plan changed since, or did not come', () => {
    const edited = { ...plan, interestRate: 12 };
    for (const plans of [[edited], []]) {
      const [lean] = leanLoans([loan], plans);
      expect(lean).toStrictEqual({ ...disbursed, planId: 9, plan: terms });
      expect(expandLoan(lean!, plans)).toStrictEqual(loan);
    }
  });

  it('carries a due date that is not the disbursement plus its days, and a missing one', () => {
    const moved = { ...loan, dueDate: '2025-12-10T14:11:51.335Z' };
    const pending = { ...loan, disbursementDate: null, dueDate: null };
    for (const one of [moved, pending]) {
      const [lean] = leanLoans([one], [plan]);
      expect(lean!.dueDate).toBe(one.dueDate);
      expect(expandLoan(lean!, [plan])).toStrictEqual(one);
    }
  });

  it('refuses a loan that names a plan the answer does not carry', () => {
    const [lean] = leanLoans([loan], [plan]);
    expect(() => expandLoan(lean!, null)).toThrow('names plan 9');
  });
});

describe('a complaint on the wire', () => {
  const receivedAt = '2026-11-25T07:00:00.000Z';
  const open: WorkingSetComplaint = {
    id: 7,
    reference: 'CMP-2026-000007',
    lenderBusinessId: 5,
    borrowerId: 12,
    loanId: null,
    channel: 'agent',
    category: 'charges',
    text: 'Charged twice.',
    status: 'open',
    receivedAt,
    dueAt: complaintDeadline(new Date(receivedAt)).toISOString(),
    ownerUserId: null,
    resolution: null,
    resolvedAt: null,
  };

  it('leaves out what is null, and the deadline the rules give', () => {
    expect(leanComplaint(open)).toEqual({
      id: 7,
      reference: 'CMP-2026-000007',
      lenderBusinessId: 5,
      borrowerId: 12,
      channel: 'agent',
      category: 'charges',
      text: 'Charged twice.',
      status: 'open',
      receivedAt,
    });
    expect(expandComplaint(leanComplaint(open))).toEqual(open);
  });

  it('carries a deadline that is not the rules’, an owner and a resolution', () => {
    const resolved: WorkingSetComplaint = {
      ...open,
      loanId: 30,
      dueAt: '2026-12-31T21:00:00.000Z',
      ownerUserId: 4,
      status: 'resolved',
      resolution: 'Refunded.',
      resolvedAt: '2026-11-26T08:00:00.000Z',
    };
    expect(leanComplaint(resolved)).toMatchObject({
      loanId: 30,
      dueAt: '2026-12-31T21:00:00.000Z',
      ownerUserId: 4,
      resolution: 'Refunded.',
    });
    expect(expandComplaint(leanComplaint(resolved))).toEqual(resolved);
  });
});
