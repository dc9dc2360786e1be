/** The answer cache's counters and the agents' working set. */
import { bigint, check, index, integer, pgTable, text, primaryKey } from 'drizzle-orm/pg-core';
import { syncEntities } from '../../../src/domain/working-set';
import { oneOf } from './columns';

/**
 * A counter per business, raised in the same transaction as every write to that business's
 * data (triggers, migration 0021), and row 0 for the platform's shared lists (regions,
 * business types). The answer cache (server/plugins/answer-cache.ts) keeps a read's answer
 * only as long as the counters of the caller's businesses stay where they were when it was
 * built, so a cached answer is never older than the data, on any instance.
 */
export const answerVersions = pgTable('answer_versions', {
  lenderBusinessId: bigint('lender_business_id', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The agent's working set (src/domain/working-set.ts): for each business, which record last
 * changed at which answer_versions counter. The same triggers write it, in the writing
 * transaction, under the counter's row lock, so one business's versions become visible in
 * order. A sync since counter N reads the records changed after N; a deleted record's row
 * stays, so its id reaches the phone as a tombstone.
 */
export const syncChanges = pgTable(
  'sync_changes',
  {
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' }).notNull(),
    entity: text('entity', { enum: syncEntities }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('sync_changes_entity_known', oneOf(t.entity, syncEntities)),
    primaryKey({ columns: [t.lenderBusinessId, t.entity, t.entityId] }),
    index('sync_changes_version_idx').on(t.lenderBusinessId, t.version),
  ],
);

/**
 * One row: the generation of the counters. A TRUNCATE or a restore starts a new one, and a
 * phone holding a token of another generation fills its working set again.
 */
export const syncEpoch = pgTable('sync_epoch', {
  id: integer('id').primaryKey(),
  epoch: text('epoch').notNull(),
});
