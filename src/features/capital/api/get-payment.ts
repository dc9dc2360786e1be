/** GET /capital/payment/{id}: how an add-money prompt or a withdrawal ended (pending until M-Pesa answers). */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { CapitalPayment } from '../../../domain/capital';

export function getPayment(id: number): Promise<CapitalPayment> {
  return http.get('/capital/payment/:id', { params: { id } });
}

export const paymentQuery = (id: number) =>
  queryOptions({ queryKey: ['payments', 'capital', id], queryFn: () => getPayment(id) });
