/** Loan application and edit (spec part 2 §5), shared by the form and the server. */
import * as v from 'valibot';
import { loansText } from '../i18n/loans';
import { idField, numberField } from './lender-profile';

const principal = v.pipe(
  numberField(loansText.amountPositive),
  v.minValue(1, loansText.amountPositive),
  v.maxValue(100_000_000, loansText.amountPositive),
  v.check(
    (value) =>
      Math.round(value * 100) === value * 100 ||
      Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    loansText.amountPositive,
  ),
);

export const loanApplicationSchema = v.object({
  borrowerId: idField(loansText.borrowerRequired),
  lenderLoanPlanId: idField(loansText.planRequired),
  principalAmount: principal,
  lenderBusinessId: idField(loansText.borrowerNotInBusiness),
});
export type LoanApplicationInput = v.InferInput<typeof loanApplicationSchema>;

export const loanUpdateSchema = v.object({
  loanPlanId: idField(loansText.planRequired),
  principalAmount: principal,
});

export const openLoanStatuses = ['pending', 'disbursing', 'active', 'default'] as const;
