/** What an administrator sends about an unassigned payment, shared by dialogs and server. */
import * as v from 'valibot';
import { unassignedPaymentsText } from '../i18n/paybills';
import { idField } from './lender-profile';
import { paymentPhone } from './payments';

export const assignPaymentSchema = v.object({
  lenderBusinessId: idField(unassignedPaymentsText.businessRequired),
});
export type AssignPaymentInput = v.InferInput<typeof assignPaymentSchema>;

/** The payer's number, typed by the administrator: M-Pesa may have masked it. */
export const payerRefundSchema = v.object({ phoneNumber: paymentPhone });
export type PayerRefundInput = v.InferInput<typeof payerRefundSchema>;
