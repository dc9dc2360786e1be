/**
 * One page of a business's loans for the Loans and Approve pages, with the spec's
 * Refresh: a spinner for one second, then the list reloads (the spec's "Screens and routes", "Business constants and limits" "Refresh
 * spinner lasts 1 second"). While the next page loads the last one stays on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiQuery } from '../../../lib/use-api-query';
import { getLoanPage, type LoanPageQuery } from '../api/get-loans';

export const REFRESH_SPINNER_MS = 1000;

export function useBusinessLoans(businessId: number, page: LoanPageQuery) {
  const key = `loans:${businessId}:${JSON.stringify(page)}`;
  const query = useApiQuery(key, () => getLoanPage(businessId, page));
  const [last, setLast] = useState(query.data);
  if (query.data && query.data !== last) setLast(query.data);
  const [refreshing, setRefreshing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const { reload } = query;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const refresh = useCallback(() => {
    setRefreshing(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setRefreshing(false);
      reload();
    }, REFRESH_SPINNER_MS);
  }, [reload]);

  return { ...query, data: query.data ?? last, refreshing, refresh };
}
