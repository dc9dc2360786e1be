/** Loan plans (the spec's "Screens and routes", "Validation rules", "The calls it makes"): the lender creates, its agents read. */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { loanPlanSchema } from '../../../src/domain/setup';
import { decimalToNumber } from '../../../src/domain/money';
import { setupText } from '../../../src/i18n/setup';
import type { Tx } from '../../db/client';
import { lenderBusinesses, loanPlans, repaymentCycles } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { Deps } from '../deps';

const rateFields = [
  'interestRate',
  'processingFee',
  'fineRateWithinLoanPeriod',
  'fineRateOverLoanPeriod',
  'gracePeriodWithinLoanPeriod',
  'gracePeriodOverLoanPeriod',
] as const;

/** Plans with their cycle and business, rates as JSON numbers (the spec's "Entities and their fields"). */
export async function findPlans(tx: Tx, where: ReturnType<typeof eq>) {
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
    ...Object.fromEntries(rateFields.map((field) => [field, decimalToNumber(plan[field])])),
    repaymentCycle,
    lenderBusiness,
  }));
}

export async function loanPlanRoutes(app: FastifyInstance, { db }: Deps) {
  app.post<{ Body: v.InferOutput<typeof loanPlanSchema> }>(
    '/loanplan/add',
    {
      onRequest: app.requireRole('lender'),
      schema: {
        tags: ['loan plans'],
        summary: 'Create a loan plan',
        body: schemaOf(loanPlanSchema),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const input = request.body;
        const business = await businessFor(tx, currentUser(request), input.lenderBusinessId, {
          lenderOnly: true,
        });
        const [cycle] = await tx
          .select()
          .from(repaymentCycles)
          .where(
            and(
              eq(repaymentCycles.id, input.repaymentCycleId),
              eq(repaymentCycles.lenderBusinessId, business.id),
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
            lenderBusinessId: business.id,
            interestRate: input.interestRate.toFixed(2),
            processingFee: input.processingFee.toFixed(2),
            fineRateWithinLoanPeriod: input.fineRateWithinLoanPeriod.toFixed(2),
            fineRateOverLoanPeriod: input.fineRateOverLoanPeriod.toFixed(2),
            gracePeriodWithinLoanPeriod: input.gracePeriodWithinLoanPeriod.toFixed(2),
            gracePeriodOverLoanPeriod: input.gracePeriodOverLoanPeriod.toFixed(2),
          })
          .returning({ id: loanPlans.id });
        const [data] = await findPlans(tx, eq(loanPlans.id, created!.id));
        return { status: 201, body: { message: setupText.planCreated, data } };
      }),
  );

  app.get<{ Params: { businessId: number } }>(
    '/loanplan/all-by-lender-business/:businessId',
    {
      onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
      schema: {
        tags: ['loan plans'],
        summary: "A business's loan plans",
        params: idParamsSchema('businessId'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.businessId);
      return findPlans(db, eq(loanPlans.lenderBusinessId, business.id));
    },
  );
}
