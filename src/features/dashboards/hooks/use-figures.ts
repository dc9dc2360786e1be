/**
 * A dashboard figure: the query's answer (what its `select` makes of it, when it has one),
 * or `empty` while it loads and when it failed. A figure that cannot be read shows as
 * nothing rather than as an error on the dashboard; the failure goes to the console for
 * whoever looks.
 */
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiError } from '../../../api/client';

export function useFigures<Answer, T, K extends QueryKey>(
  query: UseQueryOptions<Answer, ApiError, T, K>,
  empty: T,
): { data: T; loading: boolean } {
  const figures = useQuery(query);
  const { error } = figures;
  const name = JSON.stringify(query.queryKey);
  useEffect(() => {
    if (error) console.warn(`Dashboard figure ${name} could not be loaded`, error);
  }, [error, name]);
  return { data: figures.data ?? empty, loading: figures.isLoading };
}
