/**
 * GET /loan/{id}/statement: the loan's statement (terms, disclosure, schedule, every line
 * with the balance after it, totals), and its PDF from GET /loan/{id}/statement.pdf.
 */
import { http } from '../../../api/client';
import { downloadFile } from '../../../api/download';

export type StatementLine = {
  at: string;
  kind: 'disbursement' | 'fine' | 'payment' | 'refund' | 'write_off' | 'recovery';
  description: string;
  amount: number;
  fines: number;
  interest: number;
  principal: number;
  overpayment: number;
  balance: number;
};

export type Statement = {
  title: string;
  generatedAt: string;
  loan: {
    id: number;
    loanCode: string;
    status: string;
    applicationDate: string;
    disbursementDate: string | null;
    dueDate: string | null;
  };
  borrower: { firstName: string; lastName: string; phoneNumber: string; idNumber: string };
  business: { businessName: string; paybillNumber: string | null };
  terms: {
    principalAmount: number;
    totalCostOfCredit: number;
    initialAmount: number;
  };
  /** Paragraphs. */
  disclosure: string[];
  schedule: { number: number; dayOffset: number; dueDate: string | null; amount: number }[];
  lines: StatementLine[];
  totals: {
    fines: number;
    paid: number;
    paidFines: number;
    paidInterest: number;
    paidPrincipal: number;
    writtenOff: number;
    recovered: number;
    refunded: number;
    balance: number;
  };
};

export function getStatement(loanId: number): Promise<Statement> {
  return http.get<Statement>(`/loan/${loanId}/statement`);
}

export function downloadStatementPdf(loanId: number, loanCode: string): Promise<void> {
  return downloadFile(`/loan/${loanId}/statement.pdf`, `statement-${loanCode}.pdf`);
}
