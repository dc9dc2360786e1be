/**
 * One page of a business's loans for the Loans and Approve pages, with their Refresh: the
 * spinner lasts one second, then the list reloads. While the next page loads the last one
 * stays on screen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loanPageQuery, type LoanPageQuery } from '../../../api/loans';

export const REFRESH_SPINNER_MS = 1000;

export function useBusinessLoans(businessId: number, page: LoanPageQuery) {
  const query = useQuery({ ...loanPageQuery(businessId, page), placeholderData: keepPreviousData });
  const [refreshing, setRefreshing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const { refetch } = query;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const refresh = useCallback(() => {
    setRefreshing(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setRefreshing(false);
      void refetch();
    }, REFRESH_SPINNER_MS);
  }, [refetch]);

  return {
    data: query.data,
    error: query.error,
    // The first load, or the next page loading behind the last one.
    loading: query.isLoading || query.isPlaceholderData,
    reload: useCallback(() => void refetch(), [refetch]),
    refreshing,
    refresh,
  };
}
