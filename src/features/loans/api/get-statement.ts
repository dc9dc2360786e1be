/**
 * GET /loan/{id}/statement: the loan's statement (terms, disclosure, schedule, every line
 * with the balance after it, totals), and its PDF from GET /loan/{id}/statement.pdf.
 */
import { useWrite, type MutationOptions } from '../../../api/mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import type { Statement } from '../../../domain/loans';

export type { Statement } from '../../../domain/loans';

export function getStatement(loanId: number): Promise<Statement> {
  return http.get('/loan/:id/statement', { params: { id: loanId } });
}

export const statementQuery = (loanId: number) =>
  queryOptions({ queryKey: ['statements', loanId], queryFn: () => getStatement(loanId) });

export function downloadStatementPdf(loanId: number, loanCode: string): Promise<void> {
  return downloadFile(`/loan/${loanId}/statement.pdf`, `statement-${loanCode}.pdf`);
}

/** Downloads the statement's PDF (nothing on screen changes). */
export function useDownloadStatementPdf(
  loanId: number,
  loanCode: string,
  options?: MutationOptions<void>,
) {
  return useWrite({ mutationFn: () => downloadStatementPdf(loanId, loanCode) }, options);
}
