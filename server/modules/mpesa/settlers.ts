/**
 * What a settled M-Pesa payment does to the books belongs to the modules that keep them:
 * the capital ledger (capital), a loan's wallet and its repayments (repayments), and the
 * unassigned payment a payer refund sends back (paybills). Those modules import this one
 * to send money; so this one never imports them. The app registers their settlers when it
 * is built (server/app.ts), all at once: a missing one does not compile, and a settlement
 * before registration throws instead of quietly leaving the books behind.
 */
import type { Cents } from '../../../src/domain/money';
import type { Tx } from '../../db/client';
import type { capitalTransactions, walletRecords } from '../../db/schema';
import type { RequestRow } from './requests';

export type CapitalSource = (typeof capitalTransactions.$inferInsert)['source'];
/** One signed movement of a business's capital (server/modules/capital/ledger.ts). */
export type CapitalPosting = {
  lenderBusinessId: number;
  source: CapitalSource;
  amount: Cents;
  reference?: string;
  mpesaRequestId?: number;
  loanId?: number;
};
type WalletSource = (typeof walletRecords.$inferInsert)['source'];

export type MpesaSettlers = {
  /**
   * Posts a signed amount to a business's capital ledger: a paid STK deposit, the
   * reversal of a failed B2C's debit, or a correction to what M-Pesa really paid.
   */
  capital: (tx: Tx, posting: CapitalPosting) => Promise<unknown>;
  /** Posts a signed amount to a loan's wallet (the caller holds the loan's row lock). */
  wallet: (
    tx: Tx,
    posting: { loanId: number; source: WalletSource; amount: Cents },
  ) => Promise<unknown>;
  /** Applies a borrower's C2B payment to a loan: its capital, its wallet, what it owes. */
  repayment: (
    tx: Tx,
    payment: { loanId: number; amount: Cents; mpesaRepaymentId: number; reference: string },
  ) => Promise<void>;
  /** Ends a payer refund (purpose payer_refund): the payment it sent back, paid or not. */
  payerRefund: (tx: Tx, request: RequestRow, success: boolean) => Promise<void>;
};

let registered: MpesaSettlers | undefined;

/** Called once the app is built; a second app in the same process registers the same ones. */
export function registerMpesaSettlers(settlers: MpesaSettlers): void {
  registered = settlers;
}

export function settlers(): MpesaSettlers {
  if (!registered) {
    throw new Error('M-Pesa settlers are not registered: build the app before settling payments');
  }
  return registered;
}
