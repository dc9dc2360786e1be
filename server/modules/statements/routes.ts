/**
 * Loan statements (issue 17 part 4): GET /loan/:id/statement answers the statement as
 * JSON for the loan's page and its print view. Readers: the lender of the loan's business,
 * the loan's agent (who applied for it or approved it) and administrators; anyone else
 * gets 404, so loan ids cannot be probed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminRoles } from '../../../src/domain/roles';
import { loansText } from '../../../src/i18n/loans';
import type { Tx } from '../../db/client';
import { lenderBusinesses, loans } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { currentUser, type AuthUser } from '../../plugins/auth';
import type { Deps } from '../deps';
import { statementPdf } from './pdf';
import { loanStatement } from './service';

/** The loan if this user may read its statement, else 404. */
export async function statementLoanFor(tx: Tx, user: AuthUser, loanId: number) {
  const [row] = await tx
    .select({ loan: loans, lenderId: lenderBusinesses.lenderId })
    .from(loans)
    .innerJoin(lenderBusinesses, eq(lenderBusinesses.id, loans.lenderBusinessId))
    .where(eq(loans.id, loanId));
  const allowed =
    row &&
    ((user.role === 'lender' && row.lenderId === user.id) ||
      (user.role === 'agent' &&
        (row.loan.requesterUserId === user.id || row.loan.approverUserId === user.id)) ||
      user.role === 'admin' ||
      user.role === 'super_admin');
  if (!allowed) throw notFound(loansText.loanNotFound);
  return row.loan;
}

export async function statementRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  app.get<{ Params: { id: number } }>(
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
      },
    },
    async (request) => {
      const loan = await statementLoanFor(db, currentUser(request), request.params.id);
      return loanStatement(db, loan, deps.now());
    },
  );

  app.get<{ Params: { id: number } }>(
    '/loan/:id/statement.pdf',
    {
      onRequest: app.requireRole('lender', 'agent', ...adminRoles),
      schema: {
        tags: ['loans'],
        summary: "A loan's statement as a PDF to download or print",
        description:
          'The same statement as GET /loan/{id}/statement, drawn as an A4 PDF named after the loan code. Same readers; others get 404.',
        params: idParamsSchema('id'),
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
}
