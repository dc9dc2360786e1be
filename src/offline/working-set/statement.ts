/**
 * A loan's statement from the working set: the loan, its borrower and its ledger, built by
 * the server's own function (src/domain/statement.ts), so the phone shows offline the
 * statement the server would answer.
 */
import { buildStatement, computedSchedule, type StatementLoan } from '../../domain/statement';
import type { Statement } from '../../domain/loans';
import type {
  WorkingSetBorrower,
  WorkingSetLedger,
  WorkingSetLoan,
} from '../../domain/working-set';

export function statementOfLoan(
  loan: WorkingSetLoan,
  borrower: WorkingSetBorrower,
  ledger: WorkingSetLedger,
  business: { id: number; businessName: string },
  now: Date,
): Statement {
  const { plan } = loan;
  const terms: StatementLoan = {
    ...loan,
    processingFeeRate: plan.processingFee,
    interestRate: plan.interestRate,
    durationInDays: plan.durationInDays,
    cycleDays: plan.cycleDays,
    fineRateWithinLoanPeriod: plan.fineRateWithinLoanPeriod,
    fineRateOverLoanPeriod: plan.fineRateOverLoanPeriod,
    gracePeriodWithinLoanPeriod: plan.gracePeriodWithinLoanPeriod,
    gracePeriodOverLoanPeriod: plan.gracePeriodOverLoanPeriod,
  };
  return buildStatement(
    {
      loan: terms,
      borrower,
      business: {
        id: business.id,
        businessName: business.businessName,
        paybillNumber: ledger.paybillNumber,
      },
      ledger: { ...ledger, schedule: ledger.schedule ?? computedSchedule(terms) },
    },
    now,
  );
}
