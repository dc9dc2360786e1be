/** GET /capital/payment/{id}: how an add-money prompt or a withdrawal ended (pending until M-Pesa answers). */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidate } from '../../../api/mutations';
import { http } from '../../../api/client';
import type { CapitalPayment } from '../../../domain/capital';

export function getPayment(id: number): Promise<CapitalPayment> {
  return http.get('/capital/payment/:id', { params: { id } });
}

export const paymentQuery = (id: number) =>
  queryOptions({ queryKey: ['payments', 'capital', id], queryFn: () => getPayment(id) });

const FOLLOW_MS = 2_500;

/**
 * The payment followed until M-Pesa answers: read again every few seconds (a failed read
 * too) while it is pending. The payment moved the capital, so once M-Pesa has answered the
 * capital card and the dashboards reload.
 */
export function usePaymentFollowed(id: number) {
  const queryClient = useQueryClient();
  const payment = useQuery({
    ...paymentQuery(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'pending' ? FOLLOW_MS : false;
    },
    refetchIntervalInBackground: true,
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') {
      void invalidate(queryClient, 'wallet', 'dashboard');
    }
  }, [status, queryClient]);
  return payment;
}
