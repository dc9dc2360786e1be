/**
 * Suspend or reactivate an agent, after a confirmation (PATCH /agent/{id}/suspend and
 * /agent/{id}/activate). A suspended agent cannot sign in; the server's answer is toasted.
 */
import { Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonText } from '../../../i18n/common';
import { agentsText as t } from '../../../i18n/agents';
import { notifySuccess } from '../../../lib/notify';
import { activateAgent } from '../api/activate-agent';
import { suspendAgent } from '../api/suspend-agent';
import { type Agent } from '../types/agent';
import { failureMessage, reportFailure } from '../../../lib/failure';
import { AppModal } from '../../../components/app-modal';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { personName } from '../../../lib/names';

export type StatusChange = 'suspend' | 'activate';

const changeText = {
  suspend: {
    title: t.suspendTitle,
    text: t.suspendText,
    confirm: t.suspend,
    busy: t.suspending,
    color: 'red',
  },
  activate: {
    title: t.reactivateTitle,
    text: t.reactivateText,
    confirm: t.reactivate,
    busy: t.reactivating,
    color: undefined,
  },
} as const;

export function StatusChangeDialog({
  change,
  agent,
  onClose,
  onDone,
}: {
  change: StatusChange;
  agent: Agent;
  onClose: () => void;
  onDone: () => void;
}) {
  const text = changeText[change];
  const queryClient = useQueryClient();
  const status = useMutation({
    mutationFn: () => (change === 'suspend' ? suspendAgent(agent.id) : activateAgent(agent.id)),
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      // The lists and the dashboards' count of active agents.
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      onDone();
    },
    onError: (failure) => void reportFailure(failure),
  });

  return (
    <AppModal title={text.title} size={500} onClose={onClose}>
      <Stack gap="md">
        <Text size="sm">{text.text(personName(agent))}</Text>
        <FailureAlert
          title={commonText.errorTitle}
          message={status.error ? failureMessage(status.error) : null}
        />
        <DialogButtons
          label={text.confirm}
          busyLabel={text.busy}
          busy={status.isPending}
          color={text.color}
          onCancel={onClose}
          onConfirm={() => status.mutate()}
        />
      </Stack>
    </AppModal>
  );
}
