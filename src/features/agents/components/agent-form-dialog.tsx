/**
 * The Create and Edit agent dialogs. Create sends
 * POST /agent/register and toasts the server's answer (a set-password link was mailed);
 * Edit sends PATCH /agent/update/{id}, failing as "Failed to update agent".
 */
import { Text } from '@mantine/core';
import { commonText } from '../../../i18n/common';
import { agentsText as t } from '../../../i18n/agents';
import { notifySuccess } from '../../../lib/notify';
import type { Agent } from '../types/agent';
import { AgentForm, agentFormValues } from './agent-form';
import { AppModal } from '../../../components/app-modal';

export function AgentFormDialog({
  agent,
  businessId,
  onClose,
  onSaved,
}: {
  /** The agent to edit; none to register a new one. */
  agent?: Agent;
  /** The business being worked on: the edit starts in it. */
  businessId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <AppModal title={agent ? t.editTitle : t.createTitle} size={800} onClose={onClose}>
      <AgentForm
        initialValues={agentFormValues(agent, businessId)}
        intro={
          agent ? undefined : (
            <Text size="sm" c="dimmed">
              {t.createDescription}
            </Text>
          )
        }
        submitLabel={agent ? t.save : t.registerAgent}
        busyLabel={agent ? t.saving : t.registering}
        failureTitle={agent ? t.updateFailed : commonText.errorTitle}
        agentId={agent?.id}
        onSaved={(answer) => {
          notifySuccess(t.successTitle, answer.message);
          onSaved();
        }}
        onCancel={onClose}
      />
    </AppModal>
  );
}
