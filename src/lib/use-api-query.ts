/**
 * Loads data from the API for a screen: `key` names what is loaded (null waits, e.g.
 * until a business is chosen); answers data, the ApiError if it failed, loading, and
 * reload() for retry buttons and after a create.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { ApiError } from '../api/client';
import { toApiError } from '../api/client';

export type ApiQuery<T> = {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
};

export function useApiQuery<T>(key: string | null, load: () => Promise<T>): ApiQuery<T> {
  const [state, setState] = useState<{ key: string; data?: T; error: ApiError | null } | null>(
    null,
  );
  const [generation, setGeneration] = useState(0);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    run().then(
      (data) => {
        if (live) setState({ key, data, error: null });
      },
      async (error: unknown) => {
        const apiError = await toApiError(error);
        if (live) setState({ key, error: apiError });
      },
    );
    return () => {
      live = false;
    };
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  if (key === null || state?.key !== key) {
    return {
      data: state?.key === key ? state.data : undefined,
      error: null,
      loading: key !== null,
      reload,
    };
  }
  return { data: state.data, error: state.error, loading: false, reload };
}
