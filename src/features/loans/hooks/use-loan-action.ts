/**
 * One action of a loan dialog (disburse, reject, edit, write off, apply): which one is busy,
 * and the inline failure. `send` runs the action's own write hook, which reloads every
 * screen reading what the action changed; the caller decides what a success and a failure
 * say.
 */
import { useState } from 'react';

type Handle<Answer> = {
  onSuccess: (answer: Answer) => void;
  /** Toasts the failure and answers the inline alert's text. */
  onFailure: (failure: unknown) => string;
};

export function useLoanAction<Name extends string, Answer>() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Name | null>(null);

  async function run(name: Name, send: () => Promise<Answer>, handle: Handle<Answer>) {
    setError(null);
    setBusy(name);
    try {
      handle.onSuccess(await send());
    } catch (failure) {
      setError(handle.onFailure(failure));
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, run };
}
