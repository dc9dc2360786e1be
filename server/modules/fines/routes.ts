/** Fines: a business's, for its lender and the administrators. */
import { adminRoles } from '../../../src/domain/roles';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { listFines } from './queries';
import { contract } from '../../lib/contract';

export const fineRoutes: RoutesPlugin = async (app, { db }) => {
  app.get(
    '/fines/for-lender-business/:id',
    {
      // Fines are the lender's (and the administrators') to read; agents see a loan's
      // figures on their own screens (follow-ups, borrower detail).
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['fines'],
        summary: "Fines of a business's loans",
        params: idParamsSchema('id'),
        ...contract('GET /fines/for-lender-business/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return listFines(db, business.id);
    },
  );
};
