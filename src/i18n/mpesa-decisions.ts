/** Texts of Payments needing a decision (DESIGN.md §6); the spec gives no words for it. */
export const decisionsText = {
  // the decision (form and server)
  outcomeRequired: 'Choose whether M-Pesa paid it or not',
  receiptRequired: 'Enter the M-Pesa receipt number of the payment',
  receiptInvalid: 'A receipt number is 8 to 12 letters and digits, e.g. QKH94M1Z11',
  reasonRequired: 'Say why you decide this',
  reasonShort: 'Say in a sentence why you decide this (at least 10 characters)',
  reasonLong: 'Keep the reason under 500 characters',
  // server answers
  requestNotFound: 'Payment not found.',
  alreadySettled: (status: string) => `This payment was already settled: it ${status}.`,
  stillSettling:
    'M-Pesa is still being asked about this payment. Decide only once the automatic status queries have run out.',
  decidedPaid: 'The payment is marked as paid.',
  decidedFailed: 'The payment is marked as failed and reversed.',
  statusWords: { succeeded: 'succeeded', failed: 'failed', pending: 'is pending' },

  // the screen
  title: 'Payments needing a decision',
  subtitle:
    'M-Pesa payments that the automatic status queries could not settle. Check each one in the M-Pesa portal, then mark it paid or failed.',
  refresh: 'Refresh',
  fetchFailed: 'Failed to fetch payments needing a decision',
  differencesFetchFailed: 'Failed to fetch payments with a different amount',
  noneWaiting:
    'Nothing needs a decision: every M-Pesa payment has settled or is still being asked about automatically.',
  differencesTitle: 'Paid a different amount',
  differencesSubtitle:
    'Payments M-Pesa settled for another amount than was asked. The capital follows what M-Pesa reports; an amount marked not posted needs a correction by hand.',
  noDifferences: 'No payment was settled for a different amount.',
  kinds: { stk: 'Add money (STK push)', b2c: 'Payment out (B2C)' },
  purposes: {
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    disbursement: 'Disbursement',
    refund: 'Refund',
    payer_refund: 'Payer refund',
  } as Record<string, string>,
  columns: {
    payment: 'Payment',
    business: 'Business',
    amount: 'Amount',
    started: 'Started',
    queries: 'Status queries',
    actions: 'Actions',
    requested: 'Asked',
    reported: 'M-Pesa paid',
    difference: 'Difference',
    posted: 'Posted',
    settled: 'Settled',
  },
  loanCode: (code: string) => `Loan ${code}`,
  describe: (purpose: string, amount: string, phone: string, id: number, incoming: boolean) =>
    `${purpose} of ${amount} ${incoming ? 'from' : 'to'} ${phone} (#${id})`,
  noBusiness: 'No business (payer refund)',
  queriesAsked: (count: number) => `${count} unanswered`,
  reference: (id: number) => `#${id}`,
  markPaid: 'Mark paid',
  markFailed: 'Mark failed',
  history: 'History',
  hideHistory: 'Hide history',
  historyOf: (id: number) => `History of payment #${id}`,
  notPosted: (amount: string) => `${amount} not posted`,
  allPosted: 'Posted',
  // the confirmation modal
  confirmPaidTitle: 'Mark this payment as paid?',
  confirmFailedTitle: 'Mark this payment as failed?',
  confirmPaidText: (what: string) =>
    `${what}. Marking it paid keeps the money where it is now; for an STK push the amount is credited to the business. This cannot be undone.`,
  confirmFailedText: (what: string) =>
    `${what}. Marking it failed reverses it: money sent out comes back to the business's capital (and a disbursement's loan returns to pending). This cannot be undone.`,
  receiptLabel: 'M-Pesa receipt number',
  receiptPlaceholder: 'e.g. QKH94M1Z11',
  reasonLabel: 'Reason',
  reasonPlaceholder: 'e.g. Checked the M-Pesa portal: the payment was reversed by Safaricom.',
  cancel: 'Cancel',
  confirmPaid: 'Mark paid',
  confirmFailed: 'Mark failed and reverse',
  deciding: 'Saving...',
  decideFailed: 'Failed to record the decision',
  successTitle: 'Decision recorded',
  // history events
  events: {
    created: 'Recorded',
    sent: 'Sent to M-Pesa',
    send_failed: 'Sending failed',
    resent: 'Sent again after a restart',
    never_sent: 'Never reached M-Pesa',
    timed_out: 'Outcome unknown',
    status_queried: 'Status asked',
    status_result: 'Status answer',
    status_queries: 'Status queries',
    result: 'Result',
    amount_differs: 'Different amount',
    late_result: 'Late result (ignored)',
    decided: 'Decided by an administrator',
  } as Record<string, string>,
  // what each step says, from its details
  summary: {
    created: (purpose: string, amount: string) => `${purpose} of ${amount}`,
    sent: (id: string) => `M-Pesa accepted it (${id})`,
    sendOutcome: {
      refused: 'M-Pesa refused it: nothing was paid',
      not_sent: 'It never left; it is sent again later',
      unknown: 'No clear answer: M-Pesa may have paid it',
    } as Record<string, string>,
    neverSent: 'Recorded but never sent: nothing was paid',
    timedOut: 'Kept as paid until M-Pesa says how it ended',
    queried: (count: number) => `Query ${count}`,
    queries: (asked: number, answers: string) =>
      `Asked ${asked} ${asked === 1 ? 'time' : 'times'}${answers ? `; M-Pesa answered: ${answers}` : '; no answer'}`,
    answerTimes: (answer: string, times: number) => (times > 1 ? `${answer} (${times}×)` : answer),
    between: (first: string, last: string) => (first === last ? first : `${first} – ${last}`),
    queryFailed: (count: number, reason: string) => `Query ${count} could not be sent: ${reason}`,
    stillProcessing: 'Still being processed',
    answered: (code: string, text: string) => (text ? `${code}: ${text}` : code),
    paid: (receipt: string | null) => (receipt ? `Paid, receipt ${receipt}` : 'Paid'),
    failed: (text: string) => `Failed: ${text}`,
    differs: (asked: string, paid: string) => `Asked ${asked}, M-Pesa paid ${paid}`,
    decided: (outcome: string, by: string, reason: string) =>
      `Marked ${outcome} by ${by}: ${reason}`,
  },
} as const;
