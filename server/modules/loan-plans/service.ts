/** Loan plans: a lender's new plan (its cycle must be the business's and no longer than it), and a business's plans. */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { decimalToNumber } from '../../../src/domain/money';
import type { loanPlanSchema } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import type { Db, Tx } from '../../db/client';
import { lenderBusinesses, loanPlans, repaymentCycles } from '../../db/schema';
import { badRequest, writtenRow } from '../../lib/http-error';

/** Plans with their cycle and business, rates as JSON numbers. */
async function findPlans(tx: Tx, where: SQL) {
  const rows = await tx
    .select({
      plan: loanPlans,
      repaymentCycle: {
        id: repaymentCycles.id,
        name: repaymentCycles.name,
        days: repaymentCycles.days,
      },
      lenderBusiness: { id: lenderBusinesses.id, businessName: lenderBusinesses.businessName },
    })
    .from(loanPlans)
    .innerJoin(repaymentCycles, eq(repaymentCycles.id, loanPlans.repaymentCycleId))
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loanPlans.lenderBusinessId))
    .where(where)
    .orderBy(asc(loanPlans.name));
  return rows.map(({ plan, repaymentCycle, lenderBusiness }) => ({
    ...plan,
    interestRate: decimalToNumber(plan.interestRate),
    processingFee: decimalToNumber(plan.processingFee),
    fineRateWithinLoanPeriod: decimalToNumber(plan.fineRateWithinLoanPeriod),
    fineRateOverLoanPeriod: decimalToNumber(plan.fineRateOverLoanPeriod),
    gracePeriodWithinLoanPeriod: decimalToNumber(plan.gracePeriodWithinLoanPeriod),
    gracePeriodOverLoanPeriod: decimalToNumber(plan.gracePeriodOverLoanPeriod),
    repaymentCycle,
    lenderBusiness,
  }));
}

/** Creates a plan of a business the caller may write to; answers it as findPlans reads it. */
export async function createLoanPlan(
  tx: Tx,
  lenderBusinessId: number,
  input: v.InferOutput<typeof loanPlanSchema>,
) {
  const [cycle] = await tx
    .select()
    .from(repaymentCycles)
    .where(
      and(
        eq(repaymentCycles.id, input.repaymentCycleId),
        eq(repaymentCycles.lenderBusinessId, lenderBusinessId),
      ),
    );
  if (!cycle) throw badRequest(setupText.cycleNotInBusiness);
  if (input.durationInDays < cycle.days)
    throw badRequest(setupText.durationShorterThanCycle(cycle.days));
  const [created] = await tx
    .insert(loanPlans)
    .values({
      name: input.name,
      durationInDays: input.durationInDays,
      repaymentCycleId: cycle.id,
      lenderBusinessId,
      interestRate: input.interestRate.toFixed(2),
      processingFee: input.processingFee.toFixed(2),
      fineRateWithinLoanPeriod: input.fineRateWithinLoanPeriod.toFixed(2),
      fineRateOverLoanPeriod: input.fineRateOverLoanPeriod.toFixed(2),
      gracePeriodWithinLoanPeriod: input.gracePeriodWithinLoanPeriod.toFixed(2),
      gracePeriodOverLoanPeriod: input.gracePeriodOverLoanPeriod.toFixed(2),
    })
    .returning({ id: loanPlans.id });
  const [data] = await findPlans(tx, eq(loanPlans.id, created!.id));
  return writtenRow(data, 'The loan plan');
}

export function plansOfBusiness(db: Db, lenderBusinessId: number) {
  return findPlans(db, eq(loanPlans.lenderBusinessId, lenderBusinessId));
}
