/** Repayment cycles of a business (schema: name, days 1–365, unique names). */
import { routeTable } from '../../../src/domain/routes';
import { setupText } from '../../../src/i18n/setup';
import { businessRecordRoutes } from '../business-records/routes';
import { createRepaymentCycle, cyclesOfBusiness } from './service';

export const repaymentCycleRoutes = businessRecordRoutes({
  tag: 'repayment cycles',
  create: {
    key: 'POST /repayment-cycle/add',
    body: routeTable['POST /repayment-cycle/add'].body,
    view: routeTable['POST /repayment-cycle/add'].view,
    summary: 'Create a repayment cycle',
    created: setupText.cycleCreated,
    insert: createRepaymentCycle,
  },
  lists: [
    {
      key: 'GET /repayment-cycle/all-from-lender-business/:businessId',
      view: routeTable['GET /repayment-cycle/all-from-lender-business/:businessId'].view,
      summary: "A business's repayment cycles",
    },
  ],
  ofBusiness: cyclesOfBusiness,
});
