/**
 * Outbound M-Pesa requests (DESIGN.md §6): each STK push and B2C payment is recorded
 * before it is sent, with what the callbacks need to find it again.
 */
import { randomUUID } from 'node:crypto';
import { MAX_B2C_AMOUNT, MIN_B2C_AMOUNT } from '../../../src/domain/payments';
import { centsToDecimal, type Cents } from '../../../src/domain/money';
import { moneyText } from '../../../src/i18n/money';
import type { Tx } from '../../db/client';
import { mpesaRequests } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

export type RequestRow = typeof mpesaRequests.$inferSelect;
type Purpose = RequestRow['purpose'];

/** B2C amounts are whole shillings between M-Pesa's limits. */
export function b2cShillings(amount: Cents): number {
  const shillings = Math.floor(amount / 100);
  if (shillings < MIN_B2C_AMOUNT) throw badRequest(moneyText.belowMinimum);
  if (shillings > MAX_B2C_AMOUNT) throw badRequest(moneyText.aboveMaximum);
  return shillings;
}

export async function createRequest(
  tx: Tx,
  values: {
    kind: 'stk' | 'b2c';
    purpose: Purpose;
    lenderBusinessId: number | null;
    loanId?: number;
    userId: number;
    phoneNumber: string;
    amount: Cents;
  },
): Promise<RequestRow> {
  const [row] = await tx
    .insert(mpesaRequests)
    .values({
      kind: values.kind,
      purpose: values.purpose,
      lenderBusinessId: values.lenderBusinessId,
      loanId: values.loanId ?? null,
      initiatedByUserId: values.userId,
      phoneNumber: values.phoneNumber,
      amount: centsToDecimal(values.amount),
      originatorConversationId: values.kind === 'b2c' ? randomUUID() : null,
    })
    .returning();
  return row!;
}

export type Item = { Name?: string; Key?: string; Value?: unknown };
/** A named value of a callback's item list (CallbackMetadata, ResultParameters). */
export const valueOf = (items: Item[] | undefined, name: string) =>
  items?.find((item) => item.Name === name || item.Key === name)?.Value;
