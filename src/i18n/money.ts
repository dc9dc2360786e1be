/** Texts of money movement (the spec's "Add money / Withdraw money", "Refunds", "Fines", "Repayments", "States and transitions", "Validation rules", "Error catalogue"). */
export const moneyText = {
  // payment forms ("Validation rules")
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
  refundReasonRequired:
    "A refund to a number other than the borrower's own needs a reason (at least 10 characters).",
  refundReasonTooLong: 'The reason can be at most 500 characters.',
  refundReasonLabel: 'Reason for another number',
  refundReasonHint: "The money goes to the borrower's own number unless you say why not.",
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
  // refunds
  refundAboveWallet: (total: string) => `The refund is more than the overpaid balance of ${total}.`,
  refundSent: 'Refund sent to M-Pesa.',
  refundLoanCodeMismatch: 'The loan code does not match this loan.',
  // write-off
  writeOffOnlyDefault: (status: string) =>
    `Only a loan in default can be written off; this loan is ${status}.`,
  writtenOff: (amount: string) => `Loan written off. ${amount} was recorded as written off.`,
} as const;

/** The Add money and Withdraw money screens (the spec's "Screens and routes", "States and transitions", "Validation rules", "Error catalogue"). */
export const paymentsText = {
  phoneLabel: 'Phone Number',
  amountLabel: 'Amount (KES)',
  amountPlaceholder: 'e.g. 50,000',
  submit: 'Initiate M-Pesa',
  submitting: 'Processing...',
  backToDashboard: 'Back to Dashboard',
  availableCapital: 'Available capital',
  availableCapitalOf: (businessName: string) => `What ${businessName} can lend or withdraw now`,
  waitingNote: 'This page follows the payment until M-Pesa answers.',
  slowNote:
    'M-Pesa has not answered yet. You can leave this page: the capital is updated as soon as it does.',
  failedBecause: (reason: string) => `M-Pesa said: ${reason}`,
  nothingMoved: "The business's capital is unchanged.",
  receipt: (receipt: string) => `M-Pesa receipt ${receipt}`,
  tryAgain: 'Try again',
  chooseBusinessText:
    'Money moves in and out of one lender business. Pick the business you want to fund or withdraw from.',
  addMoney: {
    title: 'Send money to my business',
    subtitle: (businessName: string) =>
      `Add capital to ${businessName} from M-Pesa. A prompt on the phone asks for the M-Pesa PIN; the money is added when M-Pesa confirms.`,
    subtitleNoBusiness: 'Add capital to a lender business from M-Pesa.',
    successHeading: 'STK Push Sent Successfully!',
    successText: 'A prompt has been sent to authorize payment',
    successToast: 'Sending money to business initiated',
    again: 'Send Another',
    emptyAnswer: 'An error occurred during sign up',
    waitingHeading: 'Waiting for the M-Pesa PIN',
    confirmed: (amount: string) =>
      `M-Pesa confirmed ${amount}; it is now in the business's capital.`,
    failedHeading: 'The money was not added',
  },
  withdraw: {
    title: 'Withdraw money from my business',
    subtitle: (businessName: string) =>
      `Send capital of ${businessName} to an M-Pesa number. The amount leaves the business at once and comes back if M-Pesa declines it.`,
    subtitleNoBusiness: 'Send capital from a lender business to M-Pesa.',
    successHeading: 'Wihtdrawal Sent Successfully!',
    successText: 'The money is on its way to the M-Pesa number you entered',
    successToast: 'Withdrawing money to business initiated',
    again: 'Withdraw Another',
    emptyAnswer: 'An error occurred during withdrawal',
    waitingHeading: 'Waiting for M-Pesa',
    confirmed: (amount: string) => `M-Pesa confirmed it paid ${amount}.`,
    failedHeading: 'The withdrawal failed',
    declined: 'Withdrawal declined',
  },
} as const;

/** The Refunds list and detail (the spec's "Refunds", "States and transitions", "Validation rules", "Error catalogue"). */
export const refundsText = {
  title: 'Refunds Management',
  subtitle:
    'Loans whose borrowers paid more than they owed. Open one to send the overpaid balance back to M-Pesa.',
  searchLabel: 'Search by borrower name',
  searchPlaceholder: 'Borrower name',
  businessLabel: 'Business',
  allBusinesses: 'All Businesses',
  refresh: 'Refresh',
  columns: {
    borrower: 'Borrower',
    phoneNumber: 'Phone Number',
    business: 'Business',
    initialAmount: 'Initial Amount',
    outstandingAmount: 'Outstanding Amount',
    loanCode: 'Loan Code',
    overpaidAmount: 'Overpaid Amount',
    status: 'Status',
    amountRefunded: 'Amount Refunded',
  },
  statuses: { refunded: 'Refunded', notrefunded: 'Not Refunded' } as Record<string, string>,
  empty: 'No loans requiring refunds found',
  showMore: (count: number) => `Show more (${count} more)`,

  // detail
  back: 'Back to Refunds',
  loadFailed: 'Failed to load loan details',
  notFoundTitle: 'Loan Not Found',
  notFoundText: "The requested loan could not be found or you don't have permission to view it.",
  borrowerInfo: 'Borrower Information',
  businessInfo: 'Business Information',
  loanInfo: 'Loan Information',
  planDetails: 'Plan Details',
  labels: {
    name: 'Name',
    phone: 'Phone Number',
    idNumber: 'ID Number',
    businessName: 'Business Name',
    businessCode: 'Business Code',
    loanCode: 'Loan Code',
    status: 'Status',
    principal: 'Principal Amount',
    initialAmount: 'Initial Amount',
    outstanding: 'Outstanding Amount',
    disbursementDate: 'Disbursement Date',
    dueDate: 'Due Date',
    planName: 'Plan',
    duration: 'Duration',
    interestRate: 'Interest Rate',
    processingFee: 'Processing Fee',
  },
  days: (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`,
  refundRequired: 'Refund Required',
  refundRequiredText: (amount: string) =>
    `The borrower overpaid by ${amount}. Send it back to their M-Pesa number.`,
  nothingToRefund: 'Nothing left to refund on this loan.',
  belowMinimumText: (amount: string) =>
    `The overpaid balance of ${amount} is below M-Pesa's minimum of Ksh 10.00, so it cannot be sent.`,
  lastRefund: (amount: string, status: string) => `Last refund: ${amount} (${status})`,
  refundStatuses: {
    pending: 'sending',
    refunded: 'refunded',
    failed: 'failed, reversed',
  } as Record<string, string>,
  walletHistory: 'Wallet History',
  walletColumns: { entry: 'Entry', amount: 'Amount', total: 'Wallet Total' },
  walletSources: {
    repayment: 'Repayment received',
    applied: 'Applied to the loan',
    refund: 'Refund',
    refund_reversal: 'Refund reversed',
  } as Record<string, string>,
  walletEmpty: 'No wallet entries yet.',
  processRefund: 'Process Refund',
  notRefundable: 'Not refundable',
  confirmTitle: 'Process Refund',
  confirm: (amount: string, borrower: string) =>
    `Are you sure you want to refund ${amount} to ${borrower}? This action cannot be undone.`,
  phoneLabel: 'Refund to phone number',
  centsStay: (cents: string) =>
    `M-Pesa sends whole shillings, so ${cents} stays in the loan's wallet.`,
  cancel: 'Cancel',
  confirmButton: 'Refund',
  refunding: 'Processing...',
  successTitle: 'Success',
  declined: 'Withdrawal declined',
} as const;
