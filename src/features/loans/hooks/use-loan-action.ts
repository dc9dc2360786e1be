/**
 * One action of a loan dialog (disburse, reject, edit, write off): which one is busy,
 * and the inline failure. The caller decides what a success and a failure say.
 */
import { useState } from 'react';

export function useLoanAction<Name extends string>() {
  const [busy, setBusy] = useState<Name | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(
    name: Name,
    send: () => Promise<T>,
    handle: {
      onSuccess: (answer: T) => void;
      /** Toasts the failure and answers the inline alert's text. */
      onFailure: (failure: unknown) => string;
    },
  ) {
    setBusy(name);
    setError(null);
    try {
      const answer = await send();
      handle.onSuccess(answer);
    } catch (failure) {
      setError(handle.onFailure(failure));
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, setError, run };
}
