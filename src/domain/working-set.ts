/**
 * The agent's working set (docs/architecture.md §7): what an agent's offline work needs,
 * synced to the phone by itself, never a cache of the screens that happened to be visited.
 *
 * GET /agent/working-set?since=<token> answers what changed since the token (none: from the
 * start). Each of the agent's businesses is a shard, filled in chunks on the first sync and
 * then kept by changes only (a per-business counter with tombstones):
 * - a shard's small lists (areas, plans, cycles) come whole whenever one of them changed;
 * - its records (borrowers, loans, follow-ups, loan files, each loan's ledger, from which
 *   the phone builds the loan's statement, and the complaints this agent recorded) come one
 *   by one, with the ids of those that left the agent's reach (`removed`);
 * - a record carries ids where a screen shows another record's name (a loan its borrower's
 *   id, its plan's, its people's), so a renamed plan or person is one change, not thousands.
 * The phone joins them back into the views the screens read (src/offline/working-set/).
 */
import * as v from 'valibot';
import { agentView } from './agents';
import { amount, count, idValue, timestamp } from './answers';
import { borrowerView } from './borrowers';
import {
  complaintCategories,
  complaintChannels,
  complaintDeadline,
  complaintStatuses,
  type Complaint,
} from './complaints';
import { crbNoticeView } from './crb';
import { followUpView, loanAgreementFilesView } from './field-work';
import { lenderBusinessView } from './lender-profile';
import { fineKinds, refundStatuses } from './loan-statuses';
import { loanPlanTermsView, loanView } from './loans';
import { areaView, loanPlanView, repaymentCycleView, type LoanPlan } from './setup';

export {
  syncEntities,
  workingSetRecordKinds,
  type SyncEntity,
  type WorkingSetRecordKind,
} from './working-set-kinds';

/**
 * The token a sync answers and the next one sends back: opaque to the phone. At most this
 * long (a phone with many businesses mid-fill).
 */
export const WORKING_SET_TOKEN_MAX = 4000;

export const workingSetQuerySchema = v.object({
  since: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(WORKING_SET_TOKEN_MAX, 'The sync token is too long.'),
      v.regex(/^[A-Za-z0-9.:,~_-]*$/, 'The sync token is not one this server gave.'),
    ),
  ),
});

/** A person a record names: who applied for or approved a loan, who wrote a follow-up. */
export const workingSetPersonView = v.object({
  id: idValue,
  firstName: v.string(),
  lastName: v.string(),
});
export type WorkingSetPerson = v.InferOutput<typeof workingSetPersonView>;

/** A borrower, its area by id (the area's name is in the shard's areas). */
export const workingSetBorrowerView = v.object({
  ...v.omit(borrowerView, ['lenderBusinesses', 'lenderBusinessArea']).entries,
  lenderBusinessAreaId: v.nullable(idValue),
});
export type WorkingSetBorrower = v.InferOutput<typeof workingSetBorrowerView>;

/**
 * A loan: its own figures and the plan's terms as stored at application; its borrower,
 * plan name, business and people by id.
 */
const loanTerms = v.omit(loanPlanTermsView, ['name', 'lenderBusiness']);
type LoanTerms = v.InferOutput<typeof loanTerms>;

export const workingSetLoanView = v.object({
  ...v.omit(loanView, ['borrower', 'requesterAgent', 'approverAgent', 'lenderLoanPlan']).entries,
  planId: idValue,
  /**
   * Left out when the loan's terms are its plan's as the shard's `plans` (sent in the same
   * answer) state them: the phone takes them from there (expandLoan).
   */
  plan: v.optional(loanTerms),
  /** Left out when it is the disbursement's moment plus the loan's days, as it is set. */
  dueDate: v.optional(v.nullable(timestamp)),
});
/** A loan as the working set sends it. */
export type WorkingSetLoanOnWire = v.InferOutput<typeof workingSetLoanView>;
/** A loan as the phone keeps it: with its terms and its due date. */
export type WorkingSetLoan = Omit<WorkingSetLoanOnWire, 'plan' | 'planId' | 'dueDate'> & {
  plan: LoanTerms;
  dueDate: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** When a loan disbursed at `disbursed` falls due: that moment plus its days. */
const dueAfter = (disbursed: string | Date, days: number) =>
  new Date(new Date(disbursed).getTime() + days * DAY_MS).toISOString();

/** What of a plan a loan's terms come from. */
type PlanTermsSource = Pick<
  LoanPlan,
  | 'id'
  | 'durationInDays'
  | 'interestRate'
  | 'processingFee'
  | 'fineRateWithinLoanPeriod'
  | 'fineRateOverLoanPeriod'
  | 'gracePeriodWithinLoanPeriod'
  | 'gracePeriodOverLoanPeriod'
> & { repaymentCycle: { days: number } };

/** A plan's terms as a loan made on it now would store them. */
function termsOfPlan(plan: PlanTermsSource): LoanTerms {
  return {
    id: plan.id,
    durationInDays: plan.durationInDays,
    cycleDays: plan.repaymentCycle.days,
    interestRate: plan.interestRate,
    processingFee: plan.processingFee,
    fineRateWithinLoanPeriod: plan.fineRateWithinLoanPeriod,
    fineRateOverLoanPeriod: plan.fineRateOverLoanPeriod,
    gracePeriodWithinLoanPeriod: plan.gracePeriodWithinLoanPeriod,
    gracePeriodOverLoanPeriod: plan.gracePeriodOverLoanPeriod,
  };
}

/** What the server sends of loans, given the plans the same shard carries. */
export function leanLoans(
  loans: WorkingSetLoan[],
  plans: PlanTermsSource[],
): WorkingSetLoanOnWire[] {
  const current = new Map(plans.map((plan) => [plan.id, termsOfPlan(plan)]));
  return loans.map(({ plan, dueDate, ...loan }) => {
    const terms = current.get(plan.id);
    const same =
      terms !== undefined &&
      (Object.keys(terms) as (keyof LoanTerms)[]).every((key) => terms[key] === plan[key]);
    const lean: WorkingSetLoanOnWire = { ...loan, planId: plan.id };
    if (!same) lean.plan = plan;
    const derived =
      dueDate !== null &&
      loan.disbursementDate !== null &&
      new Date(dueDate).getTime() ===
        new Date(dueAfter(loan.disbursementDate, plan.durationInDays)).getTime();
    if (!derived) lean.dueDate = dueDate;
    return lean;
  });
}

/** The phone's inverse of leanLoans, with the plans of the same shard. */
export function expandLoan(
  { planId, plan, dueDate, ...loan }: WorkingSetLoanOnWire,
  plans: PlanTermsSource[] | null,
): WorkingSetLoan {
  const current = plans?.find((candidate) => candidate.id === planId);
  if (!plan && !current) {
    throw new Error(`Loan ${loan.id} names plan ${planId}, which did not come`);
  }
  const terms = plan ?? termsOfPlan(current!);
  return {
    ...loan,
    plan: terms,
    dueDate:
      dueDate !== undefined
        ? dueDate
        : loan.disbursementDate && dueAfter(loan.disbursementDate, terms.durationInDays),
  };
}

/** A follow-up, its author by id. */
export const workingSetFollowUpView = v.object({
  ...v.omit(followUpView, ['agent']).entries,
  lenderBusinessId: idValue,
  agentUserId: v.nullable(idValue),
});
export type WorkingSetFollowUp = v.InferOutput<typeof workingSetFollowUpView>;

const scheduleLine = v.object({ number: idValue, dayOffset: idValue, amount });
const fineLine = v.object({
  createdAt: timestamp,
  kind: v.picklist(fineKinds),
  period: idValue,
  fineAmount: amount,
});
const refundLine = v.object({
  createdAt: timestamp,
  status: v.picklist(refundStatuses),
  amount: amount,
});
const writeOffLine = v.object({ createdAt: timestamp, amount, recoveredAmount: amount });
const receiptOfPayment = v.object({ id: idValue, transId: v.string(), amount: amount });

/**
 * A loan's ledger, by the loan's id: what the statement's lines are made of
 * (src/domain/statement.ts), and the business's paybill once verified. Lean on the wire
 * (expandLedger below makes it whole again): an empty list is left out, and so are
 * schedule, writeOff and crbNotice when null; times are whole seconds, as a statement
 * counts them.
 */
export const workingSetLedgerView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  paybillNumber: v.nullable(v.string()),
  /** Left out when it is the schedule the loan calculator gives for the loan's terms. */
  schedule: v.optional(v.array(scheduleLine)),
  fines: v.optional(v.array(fineLine)),
  /** Most payments are an M-Pesa receipt applied as it came: they name it, not repeat it. */
  payments: v.optional(
    v.array(
      v.object({
        /** Left out when it is the time of its receipt (applied in the same transaction). */
        createdAt: v.optional(timestamp),
        /** Left out when it is the sum of the three parts. */
        total: v.optional(amount),
        fineAmount: amount,
        interestAmount: amount,
        principalAmount: amount,
        /** Its M-Pesa receipt, one of `receipts`. */
        receiptId: v.optional(idValue),
        /** Its M-Pesa receipt when that is not one of `receipts` (matched to another loan). */
        receipt: v.optional(receiptOfPayment),
      }),
    ),
  ),
  receipts: v.optional(
    v.array(
      v.object({
        id: idValue,
        transId: v.string(),
        amount: amount,
        /** Left out when verified. */
        verified: v.optional(v.literal(false)),
        at: timestamp,
      }),
    ),
  ),
  refunds: v.optional(v.array(refundLine)),
  writeOff: v.optional(writeOffLine),
  /** The notice before adverse listing, once the loan got one. */
  crbNotice: v.optional(crbNoticeView),
});
/** A ledger as the working set sends it. */
export type WorkingSetLedgerOnWire = v.InferOutput<typeof workingSetLedgerView>;
type WirePayment = NonNullable<WorkingSetLedgerOnWire['payments']>[number];
type Out<T extends v.GenericSchema> = v.InferOutput<T>;

/** A ledger as the phone keeps it: whole, as the statement builder reads it. */
export type WorkingSetLedger = {
  id: number;
  lenderBusinessId: number;
  paybillNumber: string | null;
  /** Null when it is the schedule the loan calculator gives for the loan's terms. */
  schedule: Out<typeof scheduleLine>[] | null;
  fines: Out<typeof fineLine>[];
  payments: {
    createdAt: string;
    total: number;
    fineAmount: number;
    interestAmount: number;
    principalAmount: number;
    receipt: Out<typeof receiptOfPayment> | null;
  }[];
  receipts: { id: number; transId: string; amount: number; verified: boolean; at: string }[];
  refunds: Out<typeof refundLine>[];
  writeOff: Out<typeof writeOffLine> | null;
  crbNotice: Out<typeof crbNoticeView> | null;
};

const cents = (value: number) => Math.round(value * 100);
const partsSum = (p: { fineAmount: number; interestAmount: number; principalAmount: number }) =>
  cents(p.fineAmount) + cents(p.interestAmount) + cents(p.principalAmount);
/** A statement counts time in whole seconds (src/domain/statement.ts). */
export const wholeSeconds = (moment: Date | string) =>
  new Date(moment).toISOString().replace(/\.\d{3}Z$/, 'Z');
const listed = <T>(list: T[]) => (list.length > 0 ? list : undefined);

/** What the server sends of a whole ledger. */
export function leanLedger(ledger: WorkingSetLedger): WorkingSetLedgerOnWire {
  const receipts = new Map(ledger.receipts.map((receipt) => [receipt.id, receipt]));
  const payments = ledger.payments.map(({ createdAt, total, receipt, ...parts }) => {
    const own = receipt ? receipts.get(receipt.id) : undefined;
    const lean: WirePayment = { ...parts };
    if (own?.at !== createdAt) lean.createdAt = createdAt;
    if (cents(total) !== partsSum(parts)) lean.total = total;
    if (receipt && own?.transId === receipt.transId && own.amount === receipt.amount)
      lean.receiptId = receipt.id;
    else if (receipt) lean.receipt = receipt;
    return lean;
  });
  const wire: WorkingSetLedgerOnWire = {
    id: ledger.id,
    lenderBusinessId: ledger.lenderBusinessId,
    paybillNumber: ledger.paybillNumber,
    schedule: ledger.schedule ?? undefined,
    fines: listed(ledger.fines),
    payments: listed(payments),
    receipts: listed(
      ledger.receipts.map(({ verified, ...receipt }) =>
        verified ? receipt : { ...receipt, verified: false as const },
      ),
    ),
    refunds: listed(ledger.refunds),
    writeOff: ledger.writeOff ?? undefined,
    crbNotice: ledger.crbNotice ?? undefined,
  };
  // Left out, not sent as undefined (which JSON drops anyway, but a test compares objects).
  for (const key of Object.keys(wire) as (keyof typeof wire)[])
    if (wire[key] === undefined) delete wire[key];
  return wire;
}

/** The phone's inverse of leanLedger. */
export function expandLedger(ledger: WorkingSetLedgerOnWire): WorkingSetLedger {
  const receipts = (ledger.receipts ?? []).map((receipt) => ({
    ...receipt,
    verified: receipt.verified ?? true,
  }));
  const byId = new Map(receipts.map((receipt) => [receipt.id, receipt]));
  return {
    id: ledger.id,
    lenderBusinessId: ledger.lenderBusinessId,
    paybillNumber: ledger.paybillNumber,
    schedule: ledger.schedule ?? null,
    fines: ledger.fines ?? [],
    payments: (ledger.payments ?? []).map(({ createdAt, total, receiptId, receipt, ...parts }) => {
      const own = receiptId === undefined ? undefined : byId.get(receiptId);
      const at = createdAt ?? own?.at;
      if (at === undefined) throw new Error(`A payment of ledger ${ledger.id} has no time`);
      return {
        ...parts,
        createdAt: at,
        total: total ?? partsSum(parts) / 100,
        receipt: own ? { id: own.id, transId: own.transId, amount: own.amount } : (receipt ?? null),
      };
    }),
    receipts,
    refunds: ledger.refunds ?? [],
    writeOff: ledger.writeOff ?? null,
    crbNotice: ledger.crbNotice ?? null,
  };
}

/**
 * A complaint the agent recorded (the only ones the complaints API lets an agent read). Its
 * borrower, loan and owner by id (their names are the shard's borrowers, loans and people);
 * its business's name from the agent's businesses; who recorded it is the agent itself.
 * Lean on the wire: what is null is left out, and so is the deadline when it is the rules'
 * deadline for the moment it was received (as it is set).
 */
export const workingSetComplaintView = v.object({
  id: idValue,
  reference: v.string(),
  lenderBusinessId: idValue,
  borrowerId: v.optional(idValue),
  loanId: v.optional(idValue),
  channel: v.picklist(complaintChannels),
  category: v.picklist(complaintCategories),
  text: v.string(),
  status: v.picklist(complaintStatuses),
  receivedAt: timestamp,
  dueAt: v.optional(timestamp),
  ownerUserId: v.optional(idValue),
  resolution: v.optional(v.string()),
  resolvedAt: v.optional(timestamp),
});
/** A complaint as the working set sends it. */
export type WorkingSetComplaintOnWire = v.InferOutput<typeof workingSetComplaintView>;
/** A complaint as the phone keeps it: whole, its names joined when it is read. */
export type WorkingSetComplaint = Pick<
  Complaint,
  | 'id'
  | 'reference'
  | 'lenderBusinessId'
  | 'borrowerId'
  | 'loanId'
  | 'channel'
  | 'category'
  | 'text'
  | 'status'
  | 'receivedAt'
  | 'dueAt'
  | 'ownerUserId'
  | 'resolution'
  | 'resolvedAt'
>;

/** What the server sends of a whole complaint. */
export function leanComplaint(complaint: WorkingSetComplaint): WorkingSetComplaintOnWire {
  const { borrowerId, loanId, dueAt, ownerUserId, resolution, resolvedAt, ...always } = complaint;
  const wire: WorkingSetComplaintOnWire = { ...always };
  if (borrowerId !== null) wire.borrowerId = borrowerId;
  if (loanId !== null) wire.loanId = loanId;
  if (new Date(dueAt).getTime() !== complaintDeadline(new Date(always.receivedAt)).getTime())
    wire.dueAt = dueAt;
  if (ownerUserId !== null) wire.ownerUserId = ownerUserId;
  if (resolution !== null) wire.resolution = resolution;
  if (resolvedAt !== null) wire.resolvedAt = resolvedAt;
  return wire;
}

/** The phone's inverse of leanComplaint. */
export function expandComplaint(wire: WorkingSetComplaintOnWire): WorkingSetComplaint {
  return {
    ...wire,
    borrowerId: wire.borrowerId ?? null,
    loanId: wire.loanId ?? null,
    dueAt: wire.dueAt ?? complaintDeadline(new Date(wire.receivedAt)).toISOString(),
    ownerUserId: wire.ownerUserId ?? null,
    resolution: wire.resolution ?? null,
    resolvedAt: wire.resolvedAt ?? null,
  };
}

/** How many records of each kind the server holds for the shard, once it is complete. */
export const workingSetCountsView = v.object({
  borrowers: count,
  loans: count,
  followUps: count,
  agreements: count,
  ledgers: count,
  complaints: count,
});
export type WorkingSetCounts = v.InferOutput<typeof workingSetCountsView>;

const ids = v.array(idValue);

/** One business's part of a sync answer. */
export const workingSetShardView = v.object({
  lenderBusinessId: idValue,
  /** Drop what the phone holds for this business before applying (a fill's first chunk). */
  reset: v.boolean(),
  /** The shard is whole on the phone once this answer is applied: it may be read offline. */
  complete: v.boolean(),
  /** Replace the list when given; null when it did not change. */
  areas: v.nullable(v.array(areaView)),
  plans: v.nullable(v.array(loanPlanView)),
  cycles: v.nullable(v.array(repaymentCycleView)),
  /** Added or replaced, by id. */
  people: v.array(workingSetPersonView),
  borrowers: v.array(workingSetBorrowerView),
  loans: v.array(workingSetLoanView),
  followUps: v.array(workingSetFollowUpView),
  agreements: v.array(loanAgreementFilesView),
  ledgers: v.array(workingSetLedgerView),
  complaints: v.array(workingSetComplaintView),
  /** Records that left the agent's reach (deleted, or no longer of this business). */
  removed: v.object({
    borrowers: ids,
    loans: ids,
    followUps: ids,
    agreements: ids,
    ledgers: ids,
    complaints: ids,
  }),
  /** The server's totals, when `complete`: the phone checks its own against them. */
  counts: v.nullable(workingSetCountsView),
});
export type WorkingSetShard = v.InferOutput<typeof workingSetShardView>;

/** GET /agent/working-set: what changed since the token given (304 when nothing did). */
export const workingSetView = v.object({
  /** Send it back as `since` next time. */
  token: v.string(),
  /** A shard is still filling: ask again at once with the new token. */
  more: v.boolean(),
  /** The version of the consent text the server accepts now (BORROWER_CONSENT_VERSION). */
  consentVersion: v.string(),
  /** The agent's own profile and businesses; null when unchanged since the token. */
  agent: v.nullable(agentView),
  businesses: v.nullable(v.array(lenderBusinessView)),
  /** Businesses whose data must leave the phone (unassigned, blocked, lender suspended). */
  removedBusinessIds: ids,
  shards: v.array(workingSetShardView),
  /** The server's clock when it answered, for the phone's "last synced". */
  syncedAt: timestamp,
});
export type WorkingSet = v.InferOutput<typeof workingSetView>;
