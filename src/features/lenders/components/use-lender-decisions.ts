/**
 * Runs an administrator's action on a lender from a list (the spec's "States and transitions" "Administrator
 * actions"): the row's status changes only after the call succeeds, and one row at a
 * time is busy.
 */
import { useCallback, useState } from 'react';
import { lendersText } from '../../../i18n/lenders';
import { notifySuccess } from '../../../lib/notify';
import { decideLender, statusAfter, type LenderAction } from '../api/decide-lender';
import type { Lender } from '../api/get-lenders';
import type { LenderStatus } from '../../../domain/roles';
import { notifyFailure } from '../../../lib/failure';

export type DecisionTexts = {
  /** The failure toast's sentence. */
  failure: string;
  /** The success toast's sentence; the server's message when absent. */
  success?: string;
};

export function useLenderDecisions() {
  const [decided, setDecided] = useState<Record<number, LenderStatus>>({});
  const [busy, setBusy] = useState<{ id: number; action: LenderAction } | null>(null);

  /** Runs the action; answers null when it succeeded, else the failure's sentence. */
  const decide = useCallback(
    async (action: LenderAction, lender: Lender, texts: DecisionTexts): Promise<string | null> => {
      setBusy({ id: lender.id, action });
      try {
        const { message } = await decideLender(action, lender.id);
        setDecided((current) => ({ ...current, [lender.id]: statusAfter[action] }));
        notifySuccess(lendersText.adminScreens.successTitle, texts.success ?? message);
        return null;
      } catch (error) {
        return notifyFailure(texts.failure, error);
      } finally {
        setBusy(null);
      }
    },
    [],
  );

  /** The lenders with the statuses this screen has changed. */
  const withDecisions = useCallback(
    (lenders: Lender[]) =>
      lenders.map((lender) =>
        decided[lender.id] ? { ...lender, status: decided[lender.id]! } : lender,
      ),
    [decided],
  );

  return { decide, busy, withDecisions };
}
