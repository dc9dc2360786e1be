/**
 * The agent's working set on the phone (docs/architecture.md §7), in its own IndexedDB
 * database beside the outbox's: a Log out clears it without touching unsent work.
 *
 * It belongs to one agent at a time (`state.userId`): another agent signing in on the
 * phone starts from an empty working set. Records are keyed by their server ids and
 * indexed the way the screens ask for them (a business's borrowers, a borrower's loans, a
 * loan's follow-ups, an agent's own applications).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Agent } from '../../domain/agents';
import type { LoanAgreement } from '../../domain/field-work';
import type { LenderBusiness } from '../../domain/lender-profile';
import type { Area, LoanPlan, RepaymentCycle } from '../../domain/setup';
import type {
  WorkingSetBorrower,
  WorkingSetComplaint,
  WorkingSetCounts,
  WorkingSetFollowUp,
  WorkingSetLedger,
  WorkingSetLoan,
  WorkingSetPerson,
} from '../../domain/working-set';

/** Why the last sync did not finish, in words the status panel turns into a sentence. */
export type SyncProblem =
  | { kind: 'offline' }
  | { kind: 'server'; message: string }
  | { kind: 'storage'; quota: boolean }
  | { kind: 'counts'; lists: string[] };

/** The working set's own record of itself: whose it is, how far it got, what went wrong. */
export type WorkingSetState = {
  key: 'state';
  userId: number;
  /** What the server gave last; sent back as `since`. */
  token: string | null;
  agent: Agent | null;
  businesses: LenderBusiness[];
  /** The consent version the server accepts (the app's own must match to register). */
  consentVersion: string | null;
  /** When a sync last ran to its end (epoch ms, this phone's clock). */
  lastSyncAt: number | null;
  /** When a sync was last tried. */
  lastAttemptAt: number | null;
  problem: SyncProblem | null;
};

/** A business's part of the working set: its small lists and whether it is whole. */
export type ShardRecord = {
  lenderBusinessId: number;
  /** Every record is on the phone: the shard may be read offline. */
  complete: boolean;
  areas: Area[];
  plans: LoanPlan[];
  cycles: RepaymentCycle[];
  counts: WorkingSetCounts | null;
};

export type PersonRecord = WorkingSetPerson & { lenderBusinessId: number };
export type AgreementRecord = LoanAgreement;

export class WorkingSetDb extends Dexie {
  state!: EntityTable<WorkingSetState, 'key'>;
  shards!: EntityTable<ShardRecord, 'lenderBusinessId'>;
  people!: Dexie.Table<PersonRecord, [number, number]>;
  borrowers!: EntityTable<WorkingSetBorrower, 'id'>;
  loans!: EntityTable<WorkingSetLoan, 'id'>;
  followUps!: EntityTable<WorkingSetFollowUp, 'id'>;
  agreements!: EntityTable<AgreementRecord, 'id'>;
  /** Each loan's ledger, by the loan's id: its statement is built from it. */
  ledgers!: EntityTable<WorkingSetLedger, 'id'>;
  /** The complaints this agent recorded. */
  complaints!: EntityTable<WorkingSetComplaint, 'id'>;

  constructor(name = 'mkopo-working-set') {
    super(name);
    this.version(1).stores({
      state: 'key',
      shards: 'lenderBusinessId',
      people: '[lenderBusinessId+id]',
      borrowers: 'id, lenderBusinessId, [lenderBusinessId+registeredByUserId]',
      loans: 'id, lenderBusinessId, borrowerId, [lenderBusinessId+requesterUserId], status',
      followUps: 'id, lenderBusinessId, loanId',
      agreements: 'id, lenderBusinessId, borrowerId',
    });
    // A phone that synced before ledgers were kept gets them on its next sync: the counts
    // the server sends then do not add up, and the shard fills again.
    this.version(2).stores({ ledgers: 'id, lenderBusinessId' });
    // Complaints came later still: the server fills them on the phone's next sync.
    this.version(3).stores({ complaints: 'id, lenderBusinessId' });
  }

  /** The tables that hold a business's records. */
  get recordTables() {
    return [
      this.people,
      this.borrowers,
      this.loans,
      this.followUps,
      this.agreements,
      this.ledgers,
      this.complaints,
    ] as const;
  }
}

export const workingSetDb = new WorkingSetDb();
