import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { mayRead, type DocumentRow } from '../../server/modules/documents/service';
import type { AuthUser } from '../../server/plugins/auth';
import { migratedPgliteTemplate } from '../support/pglite-template';

/**
 * Who may read a business's document (docs/architecture.md §3): a business the caller
 * cannot reach is "may not read" (the route answers 404); a database that fails is not.
 */
describe('mayRead: only "not found" means "may not read"', () => {
  let database: Database;
  beforeAll(async () => {
    // A copy of the migrated test database: creating one runs initdb in WebAssembly.
    database = await openDatabase({
      databaseUrl: 'memory://',
      dataDir: '',
      startFrom: await migratedPgliteTemplate(),
    });
  });
  afterAll(() => database.close().catch(() => undefined));

  const lender: AuthUser = {
    id: 1_000_001,
    email: 'lender@example.com',
    role: 'lender',
    status: 'active',
    sessionId: 'session',
    answerVersion: null,
    factor: { enrolled: false, verifiedAt: null },
  };
  const businessFile = (lenderBusinessId: number): DocumentRow => ({
    id: 1,
    ownerUserId: 1_000_002,
    lenderBusinessId,
    kind: 'borrower_photo',
    storageKey: 'documents/borrower.jpg',
    contentType: 'image/jpeg',
    sizeBytes: 1,
    sha256: '0',
    originalName: null,
    createdAt: new Date(),
  });

  it("refuses a business the caller does not reach (it is another lender's, or none)", async () => {
    await expect(mayRead(database.db, lender, businessFile(9_999_999))).resolves.toBe(false);
  });

  it('lets a database failure through, to be logged as a 500 rather than answered as a 404', async () => {
    await database.close();
    await expect(mayRead(database.db, lender, businessFile(9_999_999))).rejects.toThrow();
  });
});
