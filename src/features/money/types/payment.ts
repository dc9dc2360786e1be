/** The payment payload of the spec's "Entities and their fields" and the server's answer. */
import type * as v from 'valibot';
import type { paymentSchema } from '../../../domain/payments';

export type PaymentRequest = v.InferOutput<typeof paymentSchema>;
/** The server's sentence and the M-Pesa request to follow to its outcome. */
export type PaymentAnswer = { message?: string; mpesaRequestId?: number };
