/**
 * Loads one piece of dashboard data. Per the spec's "The error catalogue" a failed dashboard fetch is only
 * logged and the figure keeps its empty value (0, an empty list). `key` names what is
 * loaded (it changes when the business changes); a null key loads nothing, which is how
 * dashboards wait for a business to be selected ("Dashboards").
 */
import { useEffect, useEffectEvent, useState } from 'react';

export function useFigures<T>(
  key: string | null,
  load: () => Promise<T>,
  empty: T,
): { data: T; loading: boolean } {
  const [result, setResult] = useState<{ key: string; data: T } | null>(null);
  const run = useEffectEvent(load);
  const emptyValue = useEffectEvent(() => empty);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    run().then(
      (data) => {
        if (live) setResult({ key, data });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn(`Dashboard data "${key}" could not be loaded`, error);
        setResult({ key, data: emptyValue() });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (key === null) return { data: empty, loading: false };
  if (result?.key !== key) return { data: empty, loading: true };
  return { data: result.data, loading: false };
}
