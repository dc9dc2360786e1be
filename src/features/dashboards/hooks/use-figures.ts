/**
 * Loads one piece of dashboard data through the query cache, under the 'dashboard'
 * resource, so a write that changes a figure (a loan approved, an agent suspended)
 * invalidates it. Per the spec's "The error catalogue" a failed dashboard fetch is only
 * logged and the figure keeps its empty value (0, an empty list). `key` names what is
 * loaded (it changes when the business changes); a null key loads nothing, which is how
 * dashboards wait for a business to be selected ("Dashboards").
 */
import { useQuery } from '@tanstack/react-query';

export function useFigures<T>(
  key: string | null,
  load: () => Promise<T>,
  empty: T,
): { data: T; loading: boolean } {
  const figures = useQuery({
    queryKey: ['dashboard', key],
    queryFn: async () => {
      try {
        return await load();
      } catch (error) {
        console.warn(`Dashboard data "${key}" could not be loaded`, error);
        return empty;
      }
    },
    enabled: key !== null,
  });
  return { data: figures.data ?? empty, loading: figures.isLoading };
}
