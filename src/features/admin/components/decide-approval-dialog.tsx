/**
 * The confirmation of a second administrator's answer to a proposed act: approve (the act is
 * done now) or reject with a reason (nothing is done; the proposer withdraws the same way).
 */
import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import { AppModal } from '../../../components/app-modal';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import {
  REJECT_REASON_MAX_LENGTH,
  rejectApprovalSchema,
  type Approval,
} from '../../../domain/approvals';
import { approvalActions, approvalsScreenText as t } from '../../../i18n/approvals';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { formatKes } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDecideApproval } from '../api/decide-approval';

export type ApprovalAnswer = 'approve' | 'reject';

export function DecideApprovalDialog({
  approval,
  answer,
  onClose,
}: {
  approval: Approval;
  answer: ApprovalAnswer;
  onClose: () => void;
}) {
  const approving = answer === 'approve';
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const mutation = useDecideApproval(approval.id, answer, {
    onSuccess: (done) => {
      notifySuccess(t.successTitle, done.message);
      onClose();
    },
    onError: (failure) => notifyFailure(approving ? t.approveFailed : t.rejectFailed, failure),
  });
  const busy = mutation.isPending;
  const act = approvalActions[approval.action];
  const amount = formatKes(approval.amount);
  const proposer = approval.proposedBy ?? '—';

  function confirm() {
    if (approving) {
      mutation.mutate('');
      return;
    }
    const parsed = v.safeParse(rejectApprovalSchema, { reason });
    if (!parsed.success) {
      setReasonError(parsed.issues[0].message);
      return;
    }
    setReasonError(null);
    mutation.mutate(parsed.output.reason);
  }

  return (
    <AppModal
      size={500}
      title={approving ? t.approveTitle : approval.mine ? t.withdrawTitle : t.rejectTitle}
      busy={busy}
      onClose={onClose}
    >
      <Stack gap="md">
        <Text>{(approving ? t.approveText : t.rejectText)(act, amount, proposer)}</Text>
        <Text size="sm" c="dimmed">
          {approval.subject}
        </Text>
        <FailureAlert
          title={approving ? t.approveFailed : t.rejectFailed}
          message={mutation.error ? failureMessage(mutation.error) : null}
        />
        {!approving && (
          <Textarea
            label={t.reasonLabel}
            placeholder={t.reasonPlaceholder}
            withAsterisk
            autosize
            minRows={2}
            maxLength={REJECT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
            data-autofocus
          />
        )}
        <DialogButtons
          label={approving ? t.confirmApprove : approval.mine ? t.withdraw : t.confirmReject}
          busyLabel={approving ? t.approving : t.rejecting}
          busy={busy}
          color={approving ? undefined : 'red.9'}
          onCancel={onClose}
          onConfirm={confirm}
        />
      </Stack>
    </AppModal>
  );
}
