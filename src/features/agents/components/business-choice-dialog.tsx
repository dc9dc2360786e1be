/**
 * "Add business" and "Move to business": the agent also works for
 * another of the lender's businesses, or leaves its businesses for one. Failures read
 * "Failed to add business to agent" and "Failed to reassign agent".
 */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentsText as t } from '../../../i18n/agents';
import { useAddAgentBusiness } from '../api/add-agent-business';
import { myBusinessesQuery } from '../../../api/businesses';
import { useReassignAgent } from '../api/reassign-agent';
import { type Agent } from '../types/agent';
import { DialogButtons } from '../../../components/dialog-buttons';
import { AgentChangeDialog, agentChangeReactions } from './agent-change-dialog';

export type BusinessChoiceMode = 'add' | 'move';

const modeText = {
  add: {
    title: t.addBusinessTitle,
    text: t.addBusinessText,
    submit: t.addBusiness,
    busy: t.adding,
    failed: t.addBusinessFailed,
  },
  move: {
    title: t.moveTitle,
    text: t.moveText,
    submit: t.moveAgent,
    busy: t.moving,
    failed: t.reassignFailed,
  },
} as const;

export function BusinessChoiceDialog({
  mode,
  agent,
  businessId,
  onClose,
  onDone,
}: {
  mode: BusinessChoiceMode;
  agent: Agent;
  /** The business being worked on. */
  businessId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const text = modeText[mode];
  const [choice, setChoice] = useState<string | null>(null);
  const businesses = useQuery(myBusinessesQuery('lender'));
  const add = useAddAgentBusiness(agentChangeReactions(onDone));
  const reassign = useReassignAgent(agentChangeReactions(onDone));
  const change = mode === 'add' ? add : reassign;

  // Adding offers the businesses the agent is not in yet; moving, any but this one.
  const excluded = new Set(
    mode === 'add' ? agent.lenderBusinesses.map((business) => business.id) : [businessId],
  );
  const options = (businesses.data ?? [])
    .filter((business) => !excluded.has(business.id))
    .map((business) => ({ value: String(business.id), label: business.businessName }));
  const nothingToChoose = businesses.data !== undefined && options.length === 0;

  function submit() {
    const target = Number(choice);
    if (target) change.mutate({ agentId: agent.id, businessId: target });
  }

  return (
    <AgentChangeDialog
      title={text.title}
      text={text.text}
      agent={agent}
      failedTitle={text.failed}
      error={change.error}
      onClose={onClose}
    >
      <Select
        label={t.targetBusinessLabel}
        placeholder={t.businessPlaceholder}
        data={options}
        value={choice}
        onChange={setChoice}
        disabled={nothingToChoose}
        description={nothingToChoose ? t.noOtherBusiness : undefined}
        error={businesses.error ? t.businessesFailed : undefined}
        allowDeselect={false}
        size="md"
        data-autofocus
      />
      <DialogButtons
        label={text.submit}
        busyLabel={text.busy}
        busy={change.isPending}
        disabled={!choice}
        onCancel={onClose}
        onConfirm={submit}
      />
    </AgentChangeDialog>
  );
}
