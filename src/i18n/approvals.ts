/**
 * Texts of the second administrator's approval (the riskiest admin acts wait for a second
 * admin at or above the threshold the super admin sets) and of the platform settings where
 * that threshold lives. The admins' console is in English only.
 */

/** What each act waiting for approval is called. */
export const approvalActions = {
  'mpesa.decide_paid': 'Mark a stuck payment paid',
  'mpesa.decide_failed': 'Mark a stuck payment failed',
  'payment.assign': 'Assign an unassigned payment',
  'payment.refund_to_payer': 'Refund an unassigned payment',
} as const;

/** The server's answers. */
export const approvalsText = {
  proposed: (threshold: string) =>
    `This act is at or above ${threshold}, so it waits for a second administrator's approval. It is listed under Approvals.`,
  alreadyWaiting:
    'An act on this payment already waits for a second administrator. Approve or reject it first.',
  notFound: 'Approval not found.',
  ownProposal:
    'You proposed this act; a second administrator must approve it. You may reject it to withdraw it.',
  notWaiting: (status: string) => `This approval is no longer waiting: it was ${status}.`,
  statusWords: { approved: 'approved', rejected: 'rejected', refused: 'refused' },
  approved: (message: string) => `Approved. ${message}`,
  refusedStale: (reason: string) =>
    `The act can no longer be done, so the approval was refused and closed: ${reason}`,
  rejected: 'The proposal was rejected; nothing was done.',
  withdrawn: 'Your proposal was withdrawn; nothing was done.',
  reasonRequired: 'Please give a reason for rejecting.',
  reasonLong: 'The reason may be at most 500 characters.',
  settingsSaved: 'Settings saved.',
  superAdminOnly: 'Only the super admin can change the platform settings.',
  thresholdInvalid:
    'The threshold must be a whole number of shillings from 0 to 10,000,000, or empty.',
  needTwoAdmins:
    'A second approval needs a second administrator: there is only one active administrator account. Add one under Administrators in Settings first.',
} as const;

/** The Approvals screen. */
export const approvalsScreenText = {
  title: 'Approvals',
  subtitle:
    "Acts on money at or above the platform's threshold wait here until a second administrator approves them. Approving does the act now, with the checks it had when proposed; rejecting does nothing.",
  refresh: 'Refresh',
  loadFailed: 'Failed to fetch the approvals',
  empty: 'Nothing waits for a second administrator.',
  showMore: (count: number) => `Show more (${count} more)`,
  columns: {
    act: 'Act',
    amount: 'Amount',
    proposedBy: 'Proposed by',
    proposedAt: 'Proposed',
    actions: 'Actions',
  },
  reasonOf: (reason: string) => `Reason: ${reason}`,
  receiptOf: (receipt: string) => `Receipt: ${receipt}`,
  toBusiness: (businessName: string) => `To ${businessName}`,
  toPhone: (phone: string) => `To ${phone}`,
  subject: (what: string) => what,
  yours: 'Yours: another administrator approves it',
  approve: 'Approve',
  approveNamed: (act: string) => `Approve: ${act}`,
  reject: 'Reject',
  rejectNamed: (act: string) => `Reject: ${act}`,
  withdraw: 'Withdraw',
  approveTitle: 'Approve this act',
  approveText: (act: string, amount: string, proposer: string) =>
    `${act} of ${amount}, proposed by ${proposer}. Approving does it now and cannot be undone.`,
  confirmApprove: 'Approve and do it',
  approving: 'Approving...',
  approveFailed: 'Failed to approve',
  rejectTitle: 'Reject this act',
  withdrawTitle: 'Withdraw your proposal',
  rejectText: (act: string, amount: string, proposer: string) =>
    `${act} of ${amount}, proposed by ${proposer}. Rejecting closes it; nothing is done.`,
  reasonLabel: 'Reason',
  reasonPlaceholder: 'Why it should not be done',
  confirmReject: 'Reject',
  rejecting: 'Rejecting...',
  rejectFailed: 'Failed to reject',
  cancel: 'Cancel',
  successTitle: 'Success',
  waitingBadge: 'Waiting for a second admin',
} as const;

/** The Settings screen. */
export const settingsText = {
  title: 'Settings',
  subtitle: 'Platform settings. Only the super admin changes them; every change is audit-logged.',
  loadFailed: 'Failed to fetch the settings',
  secondApprovalTitle: 'Two administrators for the riskiest acts',
  secondApprovalText:
    'Marking a stuck M-Pesa payment paid or failed, and assigning or refunding an unassigned payment, wait for a second administrator when the amount is at or above this threshold. Below it, one administrator is enough. Empty: one administrator is always enough.',
  thresholdLabel: 'Second approval from (KES)',
  thresholdPlaceholder: 'e.g. 10000',
  thresholdOff: 'Off: one administrator is always enough.',
  thresholdOn: (amount: string) => `From ${amount}, a second administrator approves.`,
  updatedBy: (who: string, when: string) => `Last changed by ${who} on ${when}.`,
  onlySuperAdmin: 'Only the super admin can change this.',
  save: 'Save',
  saving: 'Saving...',
  saveFailed: 'Failed to save the settings',
  successTitle: 'Success',
} as const;
