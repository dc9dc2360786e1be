/** Uploaded files (photos, IDs, licences, loan documents) and the column that points at one. */
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt, ref } from './columns';
import { users } from './accounts';

/** Uploaded files; the bytes live in file storage under storage_key. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ownerUserId: ref('owner_user_id', () => users.id, 'set null'),
    /** The business whose lender and agents may also see it (borrower and loan files). */
    lenderBusinessId: bigint('lender_business_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documents_storage_key_unique').on(t.storageKey),
    index('documents_owner_idx').on(t.ownerUserId),
    index('documents_business_idx').on(t.lenderBusinessId),
  ],
);

export const documentRef = (name: string) => ref(name, (): AnyPgColumn => documents.id, 'set null');
