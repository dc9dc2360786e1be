/**
 * The agent's working set (docs/architecture.md §7): what an agent's offline work needs,
 * synced to the phone by itself, never a cache of the screens that happened to be visited.
 *
 * GET /agent/working-set?since=<token> answers what changed since the token (none: from the
 * start). Each of the agent's businesses is a shard, filled in chunks on the first sync and
 * then kept by changes only (a per-business counter with tombstones):
 * - a shard's small lists (areas, plans, cycles) come whole whenever one of them changed;
 * - its records (borrowers, loans, follow-ups, loan files, and each loan's ledger, from which
 *   the phone builds the loan's statement) come one by one, with the ids of those that left
 *   the agent's reach (`removed`);
 * - a record carries ids where a screen shows another record's name (a loan its borrower's
 *   id, its plan's, its people's), so a renamed plan or person is one change, not thousands.
 * The phone joins them back into the views the screens read (src/offline/working-set/).
 */
import * as v from 'valibot';
import { agentView } from './agents';
import { amount, count, idValue, timestamp } from './answers';
import { borrowerView } from './borrowers';
import { crbNoticeView } from './crb';
import { followUpView, loanAgreementFilesView } from './field-work';
import { lenderBusinessView } from './lender-profile';
import { fineKinds, refundStatuses } from './loan-statuses';
import { loanPlanTermsView, loanView } from './loans';
import { areaView, loanPlanView, repaymentCycleView } from './setup';

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
export const workingSetLoanView = v.object({
  ...v.omit(loanView, ['borrower', 'requesterAgent', 'approverAgent', 'lenderLoanPlan']).entries,
  plan: v.omit(loanPlanTermsView, ['name', 'lenderBusiness']),
});
export type WorkingSetLoan = v.InferOutput<typeof workingSetLoanView>;

/** A follow-up, its author by id. */
export const workingSetFollowUpView = v.object({
  ...v.omit(followUpView, ['agent']).entries,
  lenderBusinessId: idValue,
  agentUserId: v.nullable(idValue),
});
export type WorkingSetFollowUp = v.InferOutput<typeof workingSetFollowUpView>;

/**
 * A loan's ledger, by the loan's id: what the statement's lines are made of
 * (src/domain/statement.ts), and the business's paybill once verified.
 */
export const workingSetLedgerView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  paybillNumber: v.nullable(v.string()),
  /** Null when it is the schedule the loan calculator gives for the loan's terms. */
  schedule: v.nullable(v.array(v.object({ number: idValue, dayOffset: idValue, amount }))),
  fines: v.array(
    v.object({
      createdAt: timestamp,
      kind: v.picklist(fineKinds),
      period: idValue,
      fineAmount: amount,
    }),
  ),
  /**
   * Lean on the wire (expandLedger below makes them whole again): most payments are an
   * M-Pesa receipt applied as it came, so they name it instead of repeating it.
   */
  payments: v.array(
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
      receipt: v.optional(v.object({ id: idValue, transId: v.string(), amount: amount })),
    }),
  ),
  receipts: v.array(
    v.object({
      id: idValue,
      transId: v.string(),
      amount: amount,
      verified: v.boolean(),
      at: timestamp,
    }),
  ),
  refunds: v.array(
    v.object({ createdAt: timestamp, status: v.picklist(refundStatuses), amount: amount }),
  ),
  writeOff: v.nullable(v.object({ createdAt: timestamp, amount, recoveredAmount: amount })),
  /** The notice before adverse listing, once the loan got one. */
  crbNotice: v.nullable(crbNoticeView),
});
/** A ledger as the working set sends it. */
export type WorkingSetLedgerOnWire = v.InferOutput<typeof workingSetLedgerView>;
type WirePayment = WorkingSetLedgerOnWire['payments'][number];
/** A ledger as the phone keeps it: each payment whole, as the statement builder reads it. */
export type WorkingSetLedger = Omit<WorkingSetLedgerOnWire, 'payments'> & {
  payments: {
    createdAt: string;
    total: number;
    fineAmount: number;
    interestAmount: number;
    principalAmount: number;
    receipt: { id: number; transId: string; amount: number } | null;
  }[];
};

const cents = (value: number) => Math.round(value * 100);

/** What the server sends of a whole ledger: each payment as little as says it all. */
export function leanLedger(ledger: WorkingSetLedger): WorkingSetLedgerOnWire {
  const receipts = new Map(ledger.receipts.map((receipt) => [receipt.id, receipt]));
  return {
    ...ledger,
    payments: ledger.payments.map(({ createdAt, total, receipt, ...parts }) => {
      const listed = receipt ? receipts.get(receipt.id) : undefined;
      const lean: WirePayment = { ...parts };
      if (listed?.at !== createdAt) lean.createdAt = createdAt;
      const sum =
        cents(parts.fineAmount) + cents(parts.interestAmount) + cents(parts.principalAmount);
      if (cents(total) !== sum) lean.total = total;
      if (receipt && listed?.transId === receipt.transId && listed.amount === receipt.amount)
        lean.receiptId = receipt.id;
      else if (receipt) lean.receipt = receipt;
      return lean;
    }),
  };
}

/** The phone's inverse of leanLedger. */
export function expandLedger(ledger: WorkingSetLedgerOnWire): WorkingSetLedger {
  const receipts = new Map(ledger.receipts.map((receipt) => [receipt.id, receipt]));
  return {
    ...ledger,
    payments: ledger.payments.map(({ createdAt, total, receiptId, receipt, ...parts }) => {
      const listed = receiptId === undefined ? undefined : receipts.get(receiptId);
      const at = createdAt ?? listed?.at;
      if (at === undefined) throw new Error(`A payment of ledger ${ledger.id} has no time`);
      return {
        ...parts,
        createdAt: at,
        total:
          total ??
          (cents(parts.fineAmount) + cents(parts.interestAmount) + cents(parts.principalAmount)) /
            100,
        receipt: listed
          ? { id: listed.id, transId: listed.transId, amount: listed.amount }
          : (receipt ?? null),
      };
    }),
  };
}

/** How many records of each kind the server holds for the shard, once it is complete. */
export const workingSetCountsView = v.object({
  borrowers: count,
  loans: count,
  followUps: count,
  agreements: count,
  ledgers: count,
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
  /** Records that left the agent's reach (deleted, or no longer of this business). */
  removed: v.object({
    borrowers: ids,
    loans: ids,
    followUps: ids,
    agreements: ids,
    ledgers: ids,
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
