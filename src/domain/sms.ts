/** The SMS notices to borrowers: what kinds there are and where each one is in its life. */
export const smsKinds = ['disbursed', 'reminder', 'payment_received', 'repaid', 'overdue'] as const;
export type SmsKind = (typeof smsKinds)[number];

export const smsStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof smsStatuses)[number];
