/** GET /capital/payment/{id}: how an add-money prompt or a withdrawal ended (pending until M-Pesa answers). */
import { http } from '../../../api/client';
import type { CapitalPayment } from '../../../domain/payments';

export function getPayment(id: number): Promise<CapitalPayment> {
  return http.get<CapitalPayment>(`/capital/payment/${id}`);
}
