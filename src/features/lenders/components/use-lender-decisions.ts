/**
 * Runs an administrator's action on a lender from a list (the spec's "States and transitions" "Administrator
 * actions"), as a mutation: the row's status changes only after the call succeeds (the
 * lenders reload before the row stops being busy), and one row at a time is busy. A
 * confirmation dialog shows the failure's sentence (`error`) and closes on success.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { lendersText } from '../../../i18n/lenders';
import { notifySuccess } from '../../../lib/notify';
import { decideLender, type LenderAction } from '../api/decide-lender';
import type { Lender } from '../api/get-lenders';
import { failureMessage, notifyFailure } from '../../../lib/failure';

export type DecisionTexts = {
  /** The failure toast's sentence. */
  failure: string;
  /** The success toast's sentence; the server's message when absent. */
  success?: string;
};

export type LenderDecisions = ReturnType<typeof useLenderDecisions>;

type Decision = { action: LenderAction; lender: Lender; texts: DecisionTexts };

export function useLenderDecisions() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, lender }: Decision) => decideLender(action, lender.id),
    onSuccess: async ({ message }, { texts }) => {
      notifySuccess(lendersText.adminScreens.successTitle, texts.success ?? message);
      // The lender's status changed in every list, and the audit log has the action.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['lenders'] }),
        queryClient.invalidateQueries({ queryKey: ['audit-logs'] }),
      ]);
    },
    onError: (error, { texts }) => notifyFailure(texts.failure, error),
  });

  /** Runs the action; `onDecided` follows its success (a dialog closes). */
  const { mutate } = mutation;
  const decide = useCallback(
    (action: LenderAction, lender: Lender, texts: DecisionTexts, onDecided?: () => void) =>
      mutate({ action, lender, texts }, { onSuccess: onDecided }),
    [mutate],
  );

  const running = mutation.isPending ? mutation.variables : undefined;
  return {
    decide,
    /** The lender and action running, if any. */
    busy: running ? { id: running.lender.id, action: running.action } : null,
    /** The last action's failure, for the confirmation dialog. */
    error: mutation.error ? failureMessage(mutation.error) : null,
    /** Forgets the last failure (a dialog opens or closes). */
    reset: mutation.reset,
  };
}
