/**
 * Messages of money moving through M-Pesa, shared by forms and server: the payment phone and
 * amount fields, M-Pesa's own answers and limits, disbursement, matching and write-off. A
 * capital payment's answers are in capital.ts, a refund's in refunds.ts.
 */
export const moneyText = {
  // payment form fields
  phoneRequired: 'Phone number is required',
  phoneHint: 'Enter 10 digits without the country code',
  phonePlaceholder: '07XXXXXXXX',
  phoneNotKenyan: 'Enter a Kenyan mobile number, e.g. 0712345678',
  amountRequired: 'Amount is required',
  amountWhole: 'Enter a whole number of shillings, at least 1',
  // M-Pesa's answers
  belowMinimum: 'The amount is less than the minimum transaction amount of KES 10.',
  aboveMaximum: 'The amount is more than the maximum M-Pesa transaction amount of KES 250,000.',
  disbursementStarted: 'Disbursement sent to M-Pesa. The loan becomes active when M-Pesa confirms.',
  loanOfOtherBusiness:
    'This loan belongs to another of your businesses. Switch to that business to approve it.',
  /** Kept on a loan whose disbursement M-Pesa failed; `phone` as stored (2547…). */
  disbursementFailedBecause: (phone: string, reason: string) =>
    `M-Pesa could not pay ${phone.startsWith('254') ? `0${phone.slice(3)}` : phone}: ${reason.trim() || 'no reason given'}`,
  loanNotPending: (status: string) =>
    `Only a pending loan can be disbursed; this loan is ${status}.`,
  paymentNotFound: 'Payment not found.',
  mpesaUnavailable: 'M-Pesa could not be reached. Nothing was charged; please try again.',
  stkUnanswered:
    'M-Pesa did not answer in time. If a prompt reaches the phone, complete it: the money is added once M-Pesa confirms.',
  tooManyPrompts:
    'Too many M-Pesa prompts were sent to this phone number. Please wait two minutes and try again.',
  // matching
  repaymentNotFound: 'Repayment not found.',
  repaymentAlreadyMatched: 'This repayment is already matched to a loan.',
  matched: (count: number) =>
    `Matched ${count} ${count === 1 ? 'repayment' : 'repayments'} to the loan.`,
  loanNotRepayable: (status: string) => `Repayments cannot be applied to a ${status} loan.`,
  // write-off
  writeOffOnlyDefault: (status: string) =>
    `Only a loan in default can be written off; this loan is ${status}.`,
  writtenOff: (amount: string) => `Loan written off. ${amount} was recorded as written off.`,
} as const;
