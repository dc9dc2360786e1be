/**
 * Runs an administrator's action on a lender from a list (approve, reject, block, suspend,
 * activate), as a mutation: the row's status changes only after the call succeeds (the
 * lenders reload before the row stops being busy), and one row at a time is busy. A
 * confirmation dialog shows the failure's sentence (`error`) and closes on success.
 */
import { useCallback } from 'react';
import { lendersText } from '../../../i18n/lenders';
import { notifySuccess } from '../../../lib/notify';
import { useDecideLender, type LenderAction, type LenderDecision } from '../api/decide-lender';
import type { Lender } from '../api/get-lenders';
import { failureMessage, notifyFailure } from '../../../lib/failure';

export type DecisionTexts = {
  /** The failure toast's sentence. */
  failure: string;
  /** The success toast's sentence; the server's message when absent. */
  success?: string;
};

export type LenderDecisions = ReturnType<typeof useLenderDecisions>;

type Decision = LenderDecision & { texts: DecisionTexts };

export function useLenderDecisions() {
  const mutation = useDecideLender<Decision>({
    onSuccess: ({ message }, { texts }) =>
      notifySuccess(lendersText.adminScreens.successTitle, texts.success ?? message),
    onError: (error, { texts }) => notifyFailure(texts.failure, error),
  });

  /** Runs the action; `onDecided` follows its success (a dialog closes). */
  const { mutate } = mutation;
  const decide = useCallback(
    (action: LenderAction, lender: Lender, texts: DecisionTexts, onDecided?: () => void) =>
      mutate({ action, lenderId: lender.id, texts }, { onSuccess: onDecided }),
    [mutate],
  );

  const running = mutation.isPending ? mutation.variables : undefined;
  return {
    decide,
    /** The lender and action running, if any. */
    busy: running ? { id: running.lenderId, action: running.action } : null,
    /** The last action's failure, for the confirmation dialog. */
    error: mutation.error ? failureMessage(mutation.error) : null,
    /** Forgets the last failure (a dialog opens or closes). */
    reset: mutation.reset,
  };
}
