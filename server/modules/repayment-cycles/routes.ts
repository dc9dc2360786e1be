/** Repayment cycles of a business (the spec's "Screens and routes", "The calls it makes"; schema: name, days 1–365, unique names). */
import { repaymentCycleSchema, repaymentCycleView } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { businessRecordRoutes } from '../business-records/routes';
import { createRepaymentCycle, cyclesOfBusiness } from './service';

export const repaymentCycleRoutes = businessRecordRoutes({
  tag: 'repayment cycles',
  schema: repaymentCycleSchema,
  view: repaymentCycleView,
  create: {
    url: '/repayment-cycle/add',
    summary: 'Create a repayment cycle',
    created: setupText.cycleCreated,
    insert: createRepaymentCycle,
  },
  lists: [
    {
      url: '/repayment-cycle/all-from-lender-business/:businessId',
      summary: "A business's repayment cycles",
    },
  ],
  ofBusiness: cyclesOfBusiness,
});
