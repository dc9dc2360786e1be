/** Texts of loan applications and review (spec part 2 §2, §4, §5, §8). */
export const loansText = {
  borrowerRequired: 'Borrower is required',
  planRequired: 'Loan plan is required',
  amountPositive: 'Amount must be greater than 0',
  applied: 'Loan application submitted successfully!',
  applyFailed: 'Loan application Failed to submit application.',
  overLimit: (limit: string) => `The principal is above this borrower's loan limit of ${limit}.`,
  borrowerNotActive: 'This borrower is not active and cannot get a new loan.',
  openLoanExists: 'This borrower already has an open loan in this business.',
  planNotInBusiness: 'Choose a loan plan of this business.',
  borrowerNotInBusiness: 'Choose a borrower of this business.',
  loanNotFound: 'Loan Not Found',
  onlyPending: (status: string) => `Only a pending loan can be changed; this loan is ${status}.`,
  updated: 'Loan updated',
  rejected: 'Loan rejected',
  disbursementFailed: 'An error occurred during disbursement',
} as const;
