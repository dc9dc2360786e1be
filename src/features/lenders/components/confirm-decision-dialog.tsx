/**
 * The confirmation an administrator answers before an action that gives a lender money
 * to move or takes something away (Approve, Block, Suspend, Reject, on the approval
 * table, the Lenders Dashboard and the review page): it names the lender and says what
 * follows. A failure stays in the dialog,
 * with a failure toast; the list's decision
 * (useLenderDecisions) runs the action and closes the dialog once it succeeds.
 * useDecisionsAskingFirst is how a list runs its actions: through this dialog, or at once.
 */
import { Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { lendersText } from '../../../i18n/lenders';
import type { LenderAction } from '../api/decide-lender';
import type { Lender } from '../api/get-lenders';
import { lenderName } from './lender-text';
import {
  useLenderDecisions,
  type DecisionTexts,
  type LenderDecisions,
} from './use-lender-decisions';

const t = lendersText.adminScreens;

export type ConfirmedAction = 'approve' | 'block' | 'suspend' | 'reject';

/**
 * Approve lets a lender move money; Block, Suspend and Reject take something away: they
 * ask first. Activate gives back what the lender had, at once.
 */
const asksFirst = (action: LenderAction): action is ConfirmedAction =>
  action === 'approve' || action === 'block' || action === 'suspend' || action === 'reject';

const labels = {
  approve: { label: t.approve, busy: t.approving },
  block: { label: t.block, busy: t.blocking },
  suspend: { label: t.suspend, busy: t.suspending },
  reject: { label: t.reject, busy: t.rejecting },
} as const satisfies Record<ConfirmedAction, { label: string; busy: string }>;

export function ConfirmDecisionDialog({
  action,
  lender,
  texts,
  decisions,
  onClose,
}: {
  action: ConfirmedAction;
  lender: Lender;
  texts: DecisionTexts;
  /** The list's decisions, which run the action. */
  decisions: LenderDecisions;
  onClose: () => void;
}) {
  function close() {
    decisions.reset();
    onClose();
  }
  return (
    <ConfirmLenderDialog
      action={action}
      name={lenderName(lender)}
      busy={decisions.busy !== null}
      error={decisions.error}
      onCancel={close}
      onConfirm={() => decisions.decide(action, lender, texts, onClose)}
    />
  );
}

/** The dialog itself: the question, what follows, a failure, Cancel and the action. */
export function ConfirmLenderDialog({
  action,
  name,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  action: ConfirmedAction;
  name: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AppModal title={t.confirmTitle[action](name)} size={500} busy={busy} onClose={onCancel}>
      <Stack gap="md">
        <Text size="sm">{t.consequence[action](name)}</Text>
        <FailureAlert message={error} />
        <DialogButtons
          label={labels[action].label}
          busyLabel={labels[action].busy}
          busy={busy}
          color={action === 'approve' ? undefined : 'red.9'}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      </Stack>
    </AppModal>
  );
}

/**
 * A list's actions on its lenders (the approval table, the Lenders Dashboard): `act` runs
 * Approve and Activate at once and opens the confirmation for the others, which the list
 * renders as `dialog`; `busy` is the lender and action running, if any.
 */
export function useDecisionsAskingFirst() {
  const decisions = useLenderDecisions();
  const { decide, reset } = decisions;
  const [confirming, setConfirming] = useState<{
    action: ConfirmedAction;
    lender: Lender;
    texts: DecisionTexts;
  } | null>(null);
  const act = useCallback(
    (action: LenderAction, lender: Lender, texts: DecisionTexts) => {
      if (!asksFirst(action)) return decide(action, lender, texts);
      reset();
      setConfirming({ action, lender, texts });
    },
    [decide, reset],
  );
  const dialog = confirming && (
    <ConfirmDecisionDialog
      {...confirming}
      decisions={decisions}
      onClose={() => setConfirming(null)}
    />
  );
  return { act, busy: decisions.busy, dialog };
}
