/** The Add money and Withdraw money screens: a business's capital moved in from or out to M-Pesa. */
export const capitalText = {
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
  // the server's answers
  stkSent: 'A prompt has been sent to the phone to authorize the payment.',
  withdrawalSent: 'The withdrawal has been sent to M-Pesa.',
  insufficientCapital: (balance: string) =>
    `Not enough capital: the business has ${balance} available.`,
} as const;
