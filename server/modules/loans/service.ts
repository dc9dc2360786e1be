/**
 * Loan applications (docs/architecture.md §4): the terms are computed here with the same
 * src/domain arithmetic the form shows, and stored on the loan with the plan's terms,
 * so a later change to the plan never changes an existing loan.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LOAN_CODE_LENGTH, randomCode } from '../../../src/domain/codes';
import { computeLoanTerms, type LoanTerms } from '../../../src/domain/loan-terms';
import { openLoanStatuses, type LoanStats } from '../../../src/domain/loans';
import { centsToDecimal, toCents, type Cents } from '../../../src/domain/money';
import { loansText } from '../../../src/i18n/loans';
import type { Tx } from '../../db/client';
import { borrowers, loanInstalments, loanPlans, loans, repaymentCycles } from '../../db/schema';
import { badRequest, conflict, notFound, notFoundAs } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { formatKesText } from '../../lib/money-text';
import { businessFor } from '../businesses/access';

type PlanRow = typeof loanPlans.$inferSelect & { cycleDays: number };

async function planOfBusiness(tx: Tx, planId: number, lenderBusinessId: number): Promise<PlanRow> {
  const [row] = await tx
    .select({ plan: loanPlans, cycleDays: repaymentCycles.days })
    .from(loanPlans)
    .innerJoin(repaymentCycles, eq(repaymentCycles.id, loanPlans.repaymentCycleId))
    .where(and(eq(loanPlans.id, planId), eq(loanPlans.lenderBusinessId, lenderBusinessId)));
  if (!row) throw badRequest(loansText.planNotInBusiness);
  return { ...row.plan, cycleDays: row.cycleDays };
}

function termsFor(principal: Cents, plan: PlanRow): LoanTerms {
  return computeLoanTerms(principal, {
    interestRate: Number(plan.interestRate),
    processingFee: Number(plan.processingFee),
    durationInDays: plan.durationInDays,
    cycleDays: plan.cycleDays,
  });
}

/** The loan columns that follow from the terms and the plan. */
function termColumns(terms: LoanTerms, plan: PlanRow) {
  return {
    lenderLoanPlanId: plan.id,
    principalAmount: centsToDecimal(terms.principal),
    processingFee: centsToDecimal(terms.processingFee),
    interestAmount: centsToDecimal(terms.interest),
    initialAmount: centsToDecimal(terms.total),
    disbursementAmount: centsToDecimal(terms.disbursement),
    outstandingAmount: centsToDecimal(terms.total),
    interestRate: plan.interestRate,
    processingFeeRate: plan.processingFee,
    durationInDays: plan.durationInDays,
    cycleDays: plan.cycleDays,
    fineRateWithinLoanPeriod: plan.fineRateWithinLoanPeriod,
    fineRateOverLoanPeriod: plan.fineRateOverLoanPeriod,
    gracePeriodWithinLoanPeriod: plan.gracePeriodWithinLoanPeriod,
    gracePeriodOverLoanPeriod: plan.gracePeriodOverLoanPeriod,
  };
}

async function writeSchedule(tx: Tx, loanId: number, terms: LoanTerms) {
  await tx.delete(loanInstalments).where(eq(loanInstalments.loanId, loanId));
  await tx.insert(loanInstalments).values(
    terms.schedule.map((instalment) => ({
      loanId,
      number: instalment.number,
      dayOffset: instalment.dayOffset,
      amount: centsToDecimal(instalment.amount),
    })),
  );
}

function checkLimit(principal: Cents, loanLimit: string) {
  const limit = toCents(loanLimit);
  if (principal > limit) throw badRequest(loansText.overLimit(formatKesText(limit)));
}

const randomLoanCode = () => randomCode(LOAN_CODE_LENGTH, (bytes) => randomBytes(bytes.length));

export async function applyForLoan(
  db: Tx,
  user: AuthUser,
  input: {
    borrowerId: number;
    lenderLoanPlanId: number;
    principalAmount: number;
    lenderBusinessId: number;
  },
): Promise<number> {
  const business = await businessFor(db, user, input.lenderBusinessId, { usable: true });
  const principal = toCents(input.principalAmount);
  return db.transaction(async (tx) => {
    // Locking the borrower serializes two applications for the same borrower.
    const [borrower] = await tx
      .select()
      .from(borrowers)
      .where(and(eq(borrowers.id, input.borrowerId), eq(borrowers.lenderBusinessId, business.id)))
      .for('update');
    // Another business's borrower is a foreign id: 404, as every foreign id (docs/architecture.md §3).
    if (!borrower) throw notFound(loansText.borrowerNotInBusiness);
    if (borrower.status !== 'active') throw conflict(loansText.borrowerNotActive);
    checkLimit(principal, borrower.loanLimit);
    const plan = await planOfBusiness(tx, input.lenderLoanPlanId, business.id);
    const [open] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.borrowerId, borrower.id), inArray(loans.status, [...openLoanStatuses])));
    if (open) throw conflict(loansText.openLoanExists);
    const terms = termsFor(principal, plan);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [created] = await tx
        .insert(loans)
        .values({
          loanCode: randomLoanCode(),
          borrowerId: borrower.id,
          lenderBusinessId: business.id,
          requesterUserId: user.id,
          status: 'pending',
          ...termColumns(terms, plan),
        })
        .onConflictDoNothing({ target: loans.loanCode })
        .returning({ id: loans.id });
      if (created) {
        await writeSchedule(tx, created.id, terms);
        return created.id;
      }
    }
    throw new Error('could not find a free loan code');
  });
}

/** A loan of a business the user may reach, locked for the rest of the transaction. */
export async function loanFor(
  tx: Tx,
  user: AuthUser,
  loanId: number,
  options: { lenderOnly?: boolean } = {},
) {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan) throw notFound(loansText.loanNotFound);
  await businessFor(tx, user, loan.lenderBusinessId, options).catch(
    notFoundAs(loansText.loanNotFound),
  );
  return loan;
}

export async function updatePendingLoan(
  db: Tx,
  user: AuthUser,
  loanId: number,
  input: { loanPlanId: number; principalAmount: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await loanFor(tx, user, loanId, { lenderOnly: true });
    if (loan.status !== 'pending') throw conflict(loansText.onlyPending(loan.status));
    const [borrower] = await tx.select().from(borrowers).where(eq(borrowers.id, loan.borrowerId));
    const principal = toCents(input.principalAmount);
    checkLimit(principal, borrower!.loanLimit);
    const plan = await planOfBusiness(tx, input.loanPlanId, loan.lenderBusinessId);
    const terms = termsFor(principal, plan);
    await tx
      .update(loans)
      .set({ ...termColumns(terms, plan), updatedAt: new Date() })
      .where(eq(loans.id, loan.id));
    await writeSchedule(tx, loan.id, terms);
  });
}

export async function rejectPendingLoan(db: Tx, user: AuthUser, loanId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await loanFor(tx, user, loanId, { lenderOnly: true });
    if (loan.status !== 'pending') throw conflict(loansText.onlyPending(loan.status));
    await tx
      .update(loans)
      .set({
        status: 'rejected',
        rejectedAt: new Date(),
        approverUserId: user.id,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id));
  });
}

/** A business's loan stats: totalPending, totalActiveAmount, statusCounts. */
export async function loanStats(tx: Tx, where: SQL): Promise<LoanStats> {
  const rows = await tx
    .select({
      status: loans.status,
      count: sql<number>`count(*)::int`,
      principal: sql<string>`coalesce(sum(${loans.principalAmount}), 0)::text`,
    })
    .from(loans)
    .where(where)
    .groupBy(loans.status);
  const statusCounts: LoanStats['statusCounts'] = { pending: 0, active: 0 };
  let totalPending = 0;
  let totalActiveAmount = 0;
  for (const row of rows) {
    statusCounts[row.status] = row.count;
    if (row.status === 'pending') totalPending = toCents(row.principal);
    if (row.status === 'active') totalActiveAmount = toCents(row.principal);
  }
  return {
    totalPending: Number(centsToDecimal(totalPending)),
    totalActiveAmount: Number(centsToDecimal(totalActiveAmount)),
    statusCounts,
  };
}
