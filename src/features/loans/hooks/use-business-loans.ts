/**
 * A business's loans for the Loans and Approve pages, with the spec's Refresh: a spinner
 * for one second, then the list reloads (spec part 2 §2, §9 "Refresh spinner lasts 1
 * second").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiQuery } from '../../../lib/use-api-query';
import { getLoans } from '../api/get-loans';

export const REFRESH_SPINNER_MS = 1000;

export function useBusinessLoans(businessId: number) {
  const query = useApiQuery(`loans:${businessId}`, () => getLoans(businessId));
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

  return { ...query, refreshing, refresh };
}
