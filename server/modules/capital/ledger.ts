/**
 * The capital ledger (docs/architecture.md §5): every movement of a business's money is one signed
 * row with the running balance. Writes for a business are serialized by locking its
 * row, the balance never goes negative, and the sum of amounts equals the balance.
 */
import { eq } from 'drizzle-orm';
import { centsToDecimal, toCents, type Cents } from '../../../src/domain/money';
import { capitalText } from '../../../src/i18n/capital';
import type { Tx } from '../../db/client';
import { capitalTransactions, lenderBusinesses } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { formatKesText } from '../../lib/money-text';
import type { CapitalPosting } from '../mpesa/settlers';

export type { CapitalSource } from '../mpesa/settlers';

export async function postCapital(tx: Tx, entry: CapitalPosting): Promise<Cents> {
  const [business] = await tx
    .select({ balance: lenderBusinesses.capitalBalance })
    .from(lenderBusinesses)
    .where(eq(lenderBusinesses.id, entry.lenderBusinessId))
    .for('update');
  if (!business) throw new Error(`business ${entry.lenderBusinessId} not found`);
  const before = toCents(business.balance);
  const after = before + entry.amount;
  if (after < 0) throw conflict(capitalText.insufficientCapital(formatKesText(before)));
  await tx.insert(capitalTransactions).values({
    lenderBusinessId: entry.lenderBusinessId,
    source: entry.source,
    amount: centsToDecimal(entry.amount),
    balance: centsToDecimal(after),
    reference: entry.reference ?? null,
    mpesaRequestId: entry.mpesaRequestId ?? null,
    loanId: entry.loanId ?? null,
  });
  await tx
    .update(lenderBusinesses)
    .set({ capitalBalance: centsToDecimal(after) })
    .where(eq(lenderBusinesses.id, entry.lenderBusinessId));
  return after;
}
