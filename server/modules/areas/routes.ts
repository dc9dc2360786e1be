/** Areas of a lender business (the spec's "Screens and routes", "The calls it makes"): the lender creates, its agents read. */
import { areaSchema, areaView } from '../../../src/domain/setup';
import { setupText } from '../../../src/i18n/setup';
import { businessRecordRoutes } from '../business-records/routes';
import { areasOfBusiness, createArea } from './service';

export const areaRoutes = businessRecordRoutes({
  tag: 'areas',
  schema: areaSchema,
  view: areaView,
  create: {
    url: '/lender-business-area/add',
    summary: 'Create an area of one of my businesses',
    created: setupText.areaCreated,
    insert: createArea,
  },
  lists: [
    { url: '/lender-business-area/:businessId', summary: "A business's areas" },
    {
      url: '/lender-business-area/from-lender-business/:businessId',
      summary: "A business's areas",
    },
    { url: '/lender-business/areas/:businessId', summary: "A business's areas (id, name)" },
  ],
  ofBusiness: areasOfBusiness,
});
