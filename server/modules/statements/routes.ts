/**
 * Loan statements (the README's "The borrower's statement and data rights"): GET
 * /loan/:id/statement answers the statement as JSON for the loan's page and its print view.
 * Readers: the lender of the loan's business, the loan's agent (who applied for it or approved it)
 * and administrators; anyone else gets 404, so loan ids cannot be probed.
 */
import { adminRoles } from '../../../src/domain/roles';
import { idParamsSchema } from '../../lib/params';
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import { statementPdf } from './pdf';
import { loanStatement, statementLoanFor } from './service';
import { contract } from '../../lib/contract';

export const statementRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/loan/:id/statement',
    {
      onRequest: app.requireRole('lender', 'agent', ...adminRoles),
      schema: {
        tags: ['loans'],
        summary:
          "A loan's statement: terms, CBK disclosure, schedule and every line with the balance after it",
        description:
          "Lines: disbursement, fines, payments with their split (fines, interest, principal) and any overpayment, refunds, a write-off and recoveries after it, in time order, each with the balance after it; the last balance is the loan's outstanding amount. Readable by the lender of the loan's business, the loan's agent (who applied or approved) and admins; others get 404.",
        params: idParamsSchema('id'),
        ...contract('GET /loan/:id/statement'),
      },
    },
    async (request) => {
      const loan = await statementLoanFor(db, currentUser(request), request.params.id);
      return loanStatement(db, loan, deps.now());
    },
  );

  app.get(
    '/loan/:id/statement.pdf',
    {
      onRequest: app.requireRole('lender', 'agent', ...adminRoles),
      schema: {
        ...contract('GET /loan/:id/statement.pdf'),
        tags: ['loans'],
        summary: "A loan's statement as a PDF to download or print",
        description:
          'The same statement as GET /loan/{id}/statement, drawn as an A4 PDF named after the loan code. Same readers; others get 404.',
        params: idParamsSchema('id'),
        response: {
          200: {
            description: 'The statement as PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const loan = await statementLoanFor(db, currentUser(request), request.params.id);
      const pdf = await statementPdf(await loanStatement(db, loan, deps.now()));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="statement-${loan.loanCode}.pdf"`)
        .send(pdf);
    },
  );
};
