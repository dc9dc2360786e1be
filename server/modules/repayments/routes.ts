/** Repayments and loans' wallets. */
import { adminRoles } from '../../../src/domain/roles';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { listRepayments, walletRecordsOf } from './queries';
import { contract } from '../../lib/contract';

export const repaymentRoutes: RoutesPlugin = async (app, { db }) => {
  // Repayments and wallets are the lender's (and the administrators') to read; agents
  // see a loan's figures on their own screens (follow-ups, borrower detail).
  const readers = app.requireRole('lender', ...adminRoles);

  app.get(
    '/repayment/for-lender-business/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['repayments'],
        summary: "Repayments applied to a business's loans",
        params: idParamsSchema('id'),
        ...contract('GET /repayment/for-lender-business/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return listRepayments(db, business.id);
    },
  );

  app.get(
    '/loan/by-id-lender-business/:id/wallet-records',
    {
      onRequest: readers,
      schema: {
        tags: ['refunds'],
        summary: "A loan's wallet history (id is the loan's id)",
        params: idParamsSchema('id'),
        ...contract('GET /loan/by-id-lender-business/:id/wallet-records'),
      },
    },
    async (request) => walletRecordsOf(db, currentUser(request), request.params.id),
  );
};
