/** GET /capital/payment/{id}: how an add-money prompt or a withdrawal ended (pending until M-Pesa answers). */
import { http } from '../../../api/client';

export type PaymentState = {
  id: number;
  purpose: 'deposit' | 'withdrawal';
  status: 'pending' | 'succeeded' | 'failed';
  amount: number;
  phoneNumber: string;
  resultDesc: string | null;
  receipt: string | null;
  createdAt: string;
  completedAt: string | null;
};

export function getPayment(id: number): Promise<PaymentState> {
  return http.get<PaymentState>(`/capital/payment/${id}`);
}
