/**
 * The kinds the agent's working set is made of (src/domain/working-set.ts), on their own so
 * the phone's sync and status read them without the views' schemas and texts.
 */
/** The kinds of record a shard holds one by one, in the order a first sync fills them. */
export const workingSetRecordKinds = [
  'borrowers',
  'loans',
  'followUps',
  'agreements',
  'ledgers',
  'complaints',
] as const;
export type WorkingSetRecordKind = (typeof workingSetRecordKinds)[number];

/**
 * What the database records as changed (sync_changes.entity), per business: the record
 * kinds, the small lists, and `person` (a name the records show).
 */
export const syncEntities = [
  'borrower',
  'loan',
  'followUp',
  'agreement',
  'ledger',
  'complaint',
  'area',
  'plan',
  'cycle',
  'person',
] as const;
export type SyncEntity = (typeof syncEntities)[number];
