/**
 * A lender's business setup: business registration, areas, repayment
 * cycles and loan plans, validated by the forms and by the server alike.
 */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { setupText } from '../i18n/setup';
import { count, countsBy, idValue, timestamp } from './answers';
import { isInTenths, MAX_LENGTH, maxLengthOf, paybillNumber, requiredString } from './fields';
import { idField, numberField } from './lender-profile';
import { businessStatuses } from './roles';

const label = inputText.labels;

const text = (message: string, label: string, max: number) =>
  v.pipe(requiredString(message), v.trim(), v.nonEmpty(message), maxLengthOf(label, max));

export const businessRegistrationSchema = v.object({
  businessName: v.pipe(
    text(setupText.businessNameRequired, label.businessName, MAX_LENGTH.businessName),
    v.minLength(2, setupText.businessNameRequired),
  ),
  paybillNumber: paybillNumber(setupText.paybillRequired),
  defaultLoanLimit: v.pipe(
    numberField(setupText.defaultLoanLimitRequired),
    v.minValue(1, setupText.defaultLoanLimitRequired),
    v.maxValue(100_000_000, setupText.defaultLoanLimitRequired),
  ),
  lenderBusinessTypeId: idField(setupText.businessTypeRequired),
});

export const areaSchema = v.object({
  name: text(setupText.nameRequired, label.name, MAX_LENGTH.name),
  description: text(setupText.descriptionRequired, label.description, MAX_LENGTH.description),
  lenderBusinessId: idField(setupText.businessRequired),
});

export const repaymentCycleSchema = v.object({
  name: text(setupText.cycleNameRequired, label.name, MAX_LENGTH.name),
  days: v.pipe(
    numberField(setupText.cycleDaysRange),
    v.integer(setupText.cycleDaysRange),
    v.minValue(1, setupText.cycleDaysRange),
    v.maxValue(365, setupText.cycleDaysRange),
  ),
  lenderBusinessId: idField(setupText.businessRequired),
});

/** A percent field: 0 to 100 in steps of 0.1. */
const percentage = (label: string) =>
  v.pipe(
    numberField(`${label} ${setupText.rateMin}`),
    v.minValue(0, `${label} ${setupText.rateMin}`),
    v.maxValue(100, `${label} ${setupText.rateMax}`),
    v.check(isInTenths, `${label} ${setupText.rateStep}`),
  );

/** Grace periods: 0 to 100 whole days (a fine is drawn per day, never per part of one). */
const graceDays = (label: string) =>
  v.pipe(
    numberField(`${label} ${setupText.rateMin}`),
    v.minValue(0, `${label} ${setupText.rateMin}`),
    v.maxValue(100, `${label} ${setupText.rateMax}`),
    v.integer(`${label} ${setupText.wholeDays}`),
  );

export const loanPlanFields = {
  name: text(setupText.planNameRequired, label.name, MAX_LENGTH.name),
  durationInDays: v.pipe(
    numberField(setupText.durationMin),
    v.integer(setupText.durationMin),
    v.minValue(1, setupText.durationMin),
    v.maxValue(3650, setupText.durationMin),
  ),
  interestRate: percentage('Interest rate'),
  processingFee: percentage('Processing fee'),
  fineRateWithinLoanPeriod: percentage('Fine rate within loan period'),
  fineRateOverLoanPeriod: percentage('Fine rate over loan period'),
  gracePeriodWithinLoanPeriod: graceDays('Grace period within loan period'),
  gracePeriodOverLoanPeriod: graceDays('Grace period over loan period'),
  repaymentCycleId: idField(setupText.cycleRequired),
  lenderBusinessId: idField(setupText.planBusinessRequired),
};
export const loanPlanSchema = v.object(loanPlanFields);
export type LoanPlanInput = v.InferInput<typeof loanPlanSchema>;

/**
 * A lender business as the API answers it (GET /lender-business/lender, /agent,
 * /from-auth-lender/{id}, /one/from-auth-agent/{id}; POST /lender-business/register),
 * as the lender answers carry it too.
 */
export { lenderBusinessView, type LenderBusiness } from './lender-profile';

/** GET /lender-business/count: the businesses in total and per status. */
export const businessCountsView = v.object({
  totalCount: count,
  lenderBusinessStatsCounts: countsBy(businessStatuses),
});

/** An area of a business as the API answers it (GET /lender-business-area/{id} and its twins, POST /lender-business-area/add). */
export const areaView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  name: v.string(),
  description: v.string(),
  createdAt: timestamp,
});
export type Area = v.InferOutput<typeof areaView>;

/** A repayment cycle as the API answers it (GET /repayment-cycle/all-from-lender-business/{id}, POST /repayment-cycle/add). */
export const repaymentCycleView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  name: v.string(),
  days: idValue,
  createdAt: timestamp,
});
export type RepaymentCycle = v.InferOutput<typeof repaymentCycleView>;

/** A percentage or a number of grace days, as a JSON number (the columns keep two decimals). */
const rateValue = v.number();

/**
 * A loan plan as the API answers it (GET /loanplan/all-by-lender-business/{id},
 * POST /loanplan/add): its fields, with its cycle and business.
 */
export const loanPlanView = v.object({
  id: idValue,
  lenderBusinessId: idValue,
  repaymentCycleId: idValue,
  name: v.string(),
  durationInDays: idValue,
  interestRate: rateValue,
  processingFee: rateValue,
  fineRateWithinLoanPeriod: rateValue,
  fineRateOverLoanPeriod: rateValue,
  gracePeriodWithinLoanPeriod: rateValue,
  gracePeriodOverLoanPeriod: rateValue,
  createdAt: timestamp,
  repaymentCycle: v.object({ id: idValue, name: v.string(), days: idValue }),
  lenderBusiness: v.object({ id: idValue, businessName: v.string() }),
});
export type LoanPlan = v.InferOutput<typeof loanPlanView>;
