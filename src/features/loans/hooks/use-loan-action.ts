/**
 * One action of a loan dialog (disburse, reject, edit, write off, apply), as a mutation:
 * which one is busy, and the inline failure. The caller decides what a success and a
 * failure say; once the success is handled, every screen reading what the action changed
 * (`invalidates`) reloads.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResource } from '../../../api/query-client';

type Action<Name, Answer> = {
  name: Name;
  send: () => Promise<Answer>;
  onSuccess: (answer: Answer) => void;
  /** Toasts the failure and answers the inline alert's text. */
  onFailure: (failure: unknown) => string;
};

export function useLoanAction<Name extends string, Answer>(invalidates: readonly ApiResource[]) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (action: Action<Name, Answer>) => action.send(),
    onMutate: () => setError(null),
    onSuccess: (answer, action) => {
      action.onSuccess(answer);
      for (const resource of invalidates) {
        void queryClient.invalidateQueries({ queryKey: [resource] });
      }
    },
    onError: (failure, action) => setError(action.onFailure(failure)),
  });

  function run(
    name: Name,
    send: () => Promise<Answer>,
    handle: Pick<Action<Name, Answer>, 'onSuccess' | 'onFailure'>,
  ) {
    return mutation.mutateAsync({ name, send, ...handle }).catch(() => undefined);
  }

  const busy: Name | null = mutation.isPending ? mutation.variables.name : null;
  return { busy, error, run };
}
