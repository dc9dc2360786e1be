/** Areas of a lender business: the lender creates, its agents read. */
import { routeTable } from '../../../src/domain/routes';
import { setupText } from '../../../src/i18n/setup';
import { businessRecordRoutes } from '../business-records/routes';
import { areasOfBusiness, createArea } from './service';

export const areaRoutes = businessRecordRoutes({
  tag: 'areas',
  create: {
    key: 'POST /lender-business-area/add',
    body: routeTable['POST /lender-business-area/add'].body,
    view: routeTable['POST /lender-business-area/add'].view,
    summary: 'Create an area of one of my businesses',
    created: setupText.areaCreated,
    insert: createArea,
  },
  lists: [
    {
      key: 'GET /lender-business-area/:businessId',
      view: routeTable['GET /lender-business-area/:businessId'].view,
      summary: "A business's areas",
    },
    {
      key: 'GET /lender-business-area/from-lender-business/:businessId',
      view: routeTable['GET /lender-business-area/from-lender-business/:businessId'].view,
      summary: "A business's areas",
    },
    {
      key: 'GET /lender-business/areas/:businessId',
      view: routeTable['GET /lender-business/areas/:businessId'].view,
      summary: "A business's areas (id, name)",
    },
  ],
  ofBusiness: areasOfBusiness,
});
