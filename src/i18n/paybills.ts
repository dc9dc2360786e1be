/**
 * Texts of paybill ownership (docs/architecture.md §6): a paybill belongs to one business and
 * counts once an administrator verified it; payments nobody can be credited with wait
 * in the administrators' Unassigned payments.
 */

/** The server's answers. */
export const paybillsText = {
  paybillTaken: 'This paybill number is already registered to another business.',
  businessNotFound: 'Business not found.',
  noPaybill: 'This business has no paybill number to verify.',
  platformPaybill:
    "This is the platform's own paybill; payments to it are applied by loan code, so it cannot be verified as a business's.",
  verified: (businessName: string) => `The paybill of ${businessName} is verified.`,
  alreadyVerified: (businessName: string) => `The paybill of ${businessName} was already verified.`,
  paymentNotFound: 'Payment not found.',
  notUnassigned:
    'This payment is no longer waiting: it was assigned, refunded or is being refunded.',
  anomalyNoAction:
    'This payment has an amount M-Pesa could not have carried; it cannot be assigned or refunded.',
  assigned: (businessName: string) =>
    `Payment assigned to ${businessName}. It is waiting in that business's Manual Match.`,
  refundSent: 'Refund sent to M-Pesa. The payment is marked refunded when M-Pesa confirms.',
  notWholeShillings: 'M-Pesa pays whole shillings only; this payment cannot be refunded by B2C.',
} as const;

/** Why a payment is in the Unassigned payments list. */
export const unassignedReasons = {
  unknown_account: 'Paid to the platform paybill with an account number that is no loan code',
  unverified_paybill: "Paid to a business's paybill before an administrator verified it",
  unknown_shortcode: 'Paid to a paybill no business has registered',
  amount_not_positive: 'The amount is zero or negative: M-Pesa cannot have sent it',
  amount_unparseable: 'The amount is not a number as M-Pesa sends one',
  amount_above_maximum: 'The amount is above the KES 250,000 one M-Pesa payment can carry',
} as const;
export type UnassignedReason = keyof typeof unassignedReasons;

/** The admin dashboard's Paybills waiting for verification panel. */
export const paybillsWaitingText = {
  title: 'Paybills waiting for verification',
  description:
    'Payments to these paybills go to Unassigned payments until you verify that the paybill belongs to the business.',
  empty:
    'No paybill is waiting. Businesses registered after their lender was approved appear here.',
  loadFailed: 'Failed to fetch the paybills waiting for verification',
  business: 'Business',
  lender: 'Lender',
  paybill: 'Paybill',
  registered: 'Registered',
  verify: 'Verify',
  verifyNamed: (businessName: string) => `Verify the paybill of ${businessName}`,
  confirmTitle: 'Verify paybill',
  confirmText: (paybill: string, businessName: string, lender: string) =>
    `Have you checked with Safaricom that paybill ${paybill} belongs to ${businessName} of ${lender}? Payments to it will then be applied to this business's loans.`,
  confirm: 'Verify paybill',
  verifying: 'Verifying...',
  cancel: 'Cancel',
  verifyFailed: 'Failed to verify the paybill',
  successTitle: 'Success',
} as const;

/** The Unassigned payments screen. */
export const unassignedPaymentsText = {
  title: 'Unassigned payments',
  subtitle:
    "M-Pesa payments no business can be credited with: paid to an unknown or unverified paybill, or to the platform paybill with an unknown account. Assign each to a business (it appears in that business's Manual Match) or send it back to the payer.",
  refresh: 'Refresh',
  loadFailed: 'Failed to fetch unassigned payments',
  empty: 'No unassigned payments. Every payment reached the business that owns its paybill.',
  showMore: (count: number) => `Show more (${count} more)`,
  columns: {
    receivedAt: 'Received',
    transId: 'M-Pesa receipt',
    amount: 'Amount',
    paidTo: 'Paid to',
    account: 'Account',
    payer: 'Payer',
    status: 'Status and why it is here',
    actions: 'Actions',
  },
  states: {
    unassigned: 'Waiting',
    refunding: 'Refunding',
    refunded: 'Refunded',
    refund_failed: 'Refund failed',
    anomaly: 'Anomaly',
  },
  refundFailedBecause: (reason: string) => `M-Pesa: ${reason}`,
  refundFailedTo: (phone: string) => `Refund to ${phone} failed. Assign it or refund it again.`,
  reportedAmount: (amount: string) => `M-Pesa reported: ${amount}`,
  paidTo: (paybill: string, whom: string) => `${paybill} (${whom})`,
  platform: 'the platform',
  assign: 'Assign',
  assignNamed: (transId: string) => `Assign payment ${transId}`,
  refund: 'Refund',
  refundNamed: (transId: string) => `Refund payment ${transId}`,
  assignTitle: 'Assign to a business',
  assignText: (transId: string, amount: string) =>
    `Payment ${transId} of ${amount} goes to the business you choose. Its lender then matches it to a loan in Manual Match.`,
  businessLabel: 'Business',
  businessPlaceholder: 'Search businesses',
  businessRequired: 'Choose a business',
  businessOption: (businessName: string, lender: string, paybill: string | null) =>
    `${businessName} · ${lender}${paybill ? ` · ${paybill}` : ''}`,
  noBusinessFound: 'No business matches',
  assigning: 'Assigning...',
  assignFailed: 'Failed to assign the payment',
  refundTitle: 'Refund to the payer',
  refundText: (transId: string, amount: string) =>
    `Send ${amount} of payment ${transId} back by M-Pesa. Type the payer's number: M-Pesa may hide part of it.`,
  maskedPayer: (msisdn: string) => `M-Pesa shows the payer as ${msisdn}.`,
  phoneLabel: 'Payer phone number',
  phoneHint: 'Enter 10 digits without the country code',
  refundConfirm: (amount: string, phone: string) =>
    `Send ${amount} to ${phone}? This cannot be undone.`,
  refunding: 'Sending...',
  confirmRefund: 'Send refund',
  refundFailed: 'Failed to refund the payment',
  next: 'Next',
  back: 'Back',
  cancel: 'Cancel',
  successTitle: 'Success',
} as const;
