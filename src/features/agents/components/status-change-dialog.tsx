/**
 * Suspend or reactivate an agent, after a confirmation (PATCH /agent/{id}/suspend and
 * /agent/{id}/activate). A suspended agent cannot sign in; the server's answer is toasted.
 */
import { commonText } from '../../../i18n/common';
import { agentsText as t } from '../../../i18n/agents';
import { useActivateAgent } from '../api/activate-agent';
import { useSuspendAgent } from '../api/suspend-agent';
import { type Agent } from '../types/agent';
import { DialogButtons } from '../../../components/dialog-buttons';
import { AgentChangeDialog, agentChangeReactions } from './agent-change-dialog';

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
  const suspend = useSuspendAgent(agentChangeReactions(onDone));
  const activate = useActivateAgent(agentChangeReactions(onDone));
  const status = change === 'suspend' ? suspend : activate;

  return (
    <AgentChangeDialog
      title={text.title}
      text={text.text}
      agent={agent}
      failedTitle={commonText.errorTitle}
      error={status.error}
      onClose={onClose}
    >
      <DialogButtons
        label={text.confirm}
        busyLabel={text.busy}
        busy={status.isPending}
        color={text.color}
        onCancel={onClose}
        onConfirm={() => status.mutate(agent.id)}
      />
    </AgentChangeDialog>
  );
}
