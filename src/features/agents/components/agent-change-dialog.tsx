/**
 * A confirmed change to an agent (suspend or reactivate; add a business or move to one):
 * the dialog that names the agent, shows a failure inline, and holds the change's own
 * fields and buttons; and what the change's mutation does on screen: a success toasts the
 * server's answer and hands over, a failure toasts (the write's hook reloads the lists).
 */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { agentsText as t } from '../../../i18n/agents';
import { commonText } from '../../../i18n/common';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { personName } from '../../../lib/names';
import { notifySuccess } from '../../../lib/notify';
import type { Agent } from '../types/agent';

export function agentChangeReactions(onDone: () => void) {
  return {
    onSuccess: (answer: { message: string }) => {
      notifySuccess(t.successTitle, answer.message);
      onDone();
    },
    onError: (failure: unknown) => void notifyFailure(commonText.errorTitle, failure),
  };
}

export function AgentChangeDialog({
  title,
  text,
  agent,
  failedTitle,
  error,
  onClose,
  children,
}: {
  title: string;
  /** What the change does, to the agent named. */
  text: (agentName: string) => string;
  agent: Agent;
  failedTitle: string;
  error: unknown;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <AppModal title={title} size={500} onClose={onClose}>
      <Stack gap="md">
        <Text size="sm">{text(personName(agent))}</Text>
        <FailureAlert title={failedTitle} message={error ? failureMessage(error) : null} />
        {children}
      </Stack>
    </AppModal>
  );
}
