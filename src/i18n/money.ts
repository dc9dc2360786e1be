/** Texts of money movement (spec part 2 §2 "Add money / Withdraw money", "Refunds", "Fines", "Repayments", §4, §5, §8). */
export const moneyText = {
  // payment forms (§5)
  phoneRequired: 'Phone number is required',
  phoneHint: 'Enter 10 digits without the country code',
  phonePlaceholder: '07XXXXXXXX',
  phoneNotKenyan: 'Enter a Kenyan mobile number, e.g. 0712345678',
  amountRequired: 'Amount is required',
  amountWhole: 'Enter a whole number of shillings, at least 1',
  // answers
  stkSent: 'A prompt has been sent to the phone to authorize the payment.',
  withdrawalSent: 'The withdrawal has been sent to M-Pesa.',
  belowMinimum: 'The amount is less than the minimum transaction amount of KES 10.',
  aboveMaximum: 'The amount is more than the maximum M-Pesa transaction amount of KES 250,000.',
  insufficientCapital: (balance: string) =>
    `Not enough capital: the business has ${balance} available.`,
  disbursementStarted: 'Disbursement sent to M-Pesa. The loan becomes active when M-Pesa confirms.',
  loanNotPending: (status: string) =>
    `Only a pending loan can be disbursed; this loan is ${status}.`,
  mpesaUnavailable: 'M-Pesa could not be reached. Nothing was charged; please try again.',
  // matching
  repaymentNotFound: 'Repayment not found.',
  repaymentAlreadyMatched: 'This repayment is already matched to a loan.',
  matched: (count: number) =>
    `Matched ${count} ${count === 1 ? 'repayment' : 'repayments'} to the loan.`,
  loanNotRepayable: (status: string) => `Repayments cannot be applied to a ${status} loan.`,
  // refunds
  refundAboveWallet: (total: string) => `The refund is more than the overpaid balance of ${total}.`,
  refundSent: 'Refund sent to M-Pesa.',
  refundLoanCodeMismatch: 'The loan code does not match this loan.',
  // write-off
  writeOffOnlyDefault: (status: string) =>
    `Only a loan in default can be written off; this loan is ${status}.`,
  writtenOff: (amount: string) => `Loan written off. ${amount} was recorded as written off.`,
} as const;
