/**
 * The agent form of the Create and Edit dialogs and of the edit page: validated with the
 * server's agentSchema; the area list belongs to the chosen business, so it stays disabled
 * until one is chosen and is emptied whenever the business changes.
 */
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { agentSchema } from '../../../domain/agents';
import { agentsText as t } from '../../../i18n/agents';
import { BusinessAreaFields } from '../../../components/area-select';
import { areaIn, type Agent, type AgentAnswer } from '../types/agent';
import { useRegisterAgent } from '../api/register-agent';
import { useUpdateAgent } from '../api/update-agent';
import { commonText } from '../../../i18n/common';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { PersonFields } from '../../../components/person-fields';

/** Selects hold ids as text; '' means nothing chosen. */
export type AgentFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  idNumber: string;
  phoneNumber: string;
  lenderBusinessId: string;
  lenderBusinessAreaId: string;
};

const emptyValues: AgentFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  idNumber: '',
  phoneNumber: '',
  lenderBusinessId: '',
  lenderBusinessAreaId: '',
};

/**
 * The form's start: empty for a new agent; for an existing one its details, in the
 * business being worked on when the agent belongs to it, else in its first business.
 */
export function agentFormValues(
  agent?: Agent,
  preferredBusinessId?: number | null,
): AgentFormValues {
  if (!agent) return emptyValues;
  const inPreferred = agent.lenderBusinesses.some((b) => b.id === preferredBusinessId);
  const businessId = inPreferred ? preferredBusinessId : agent.lenderBusinessId;
  const area = areaIn(agent, businessId);
  return {
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    idNumber: agent.idNumber,
    phoneNumber: agent.phoneNumber,
    lenderBusinessId: businessId ? String(businessId) : '',
    lenderBusinessAreaId: area ? String(area.id) : '',
  };
}

export function AgentForm({
  initialValues,
  submitLabel,
  busyLabel,
  failureTitle,
  agentId,
  onSaved,
  onCancel,
  intro,
}: {
  initialValues: AgentFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Heads the inline alert of a failed save. */
  failureTitle: string;
  /** The agent being edited; none to register a new one. */
  agentId?: number;
  onSaved: (answer: AgentAnswer) => void;
  onCancel?: () => void;
  intro?: ReactNode;
}) {
  const reactions = {
    onSuccess: (answer: AgentAnswer) => onSaved(answer),
    onError: (failure: unknown) => void notifyFailure(commonText.errorTitle, failure),
  };
  const register = useRegisterAgent(reactions);
  const update = useUpdateAgent(reactions);
  const saving = agentId === undefined ? register : update;

  function save(values: AgentFormValues) {
    const payload = v.parse(agentSchema, values);
    if (agentId === undefined) register.mutate(payload);
    else update.mutate({ agentId, payload });
  }
  const form = useForm<AgentFormValues>({
    initialValues,
    validate: schemaResolver(agentSchema),
  });

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        {intro}
        <FailureAlert
          title={failureTitle}
          message={saving.error ? failureMessage(saving.error) : null}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PersonFields form={form} texts={t} ownDetails={false} autoFocus>
            <TextInput
              label={t.emailLabel}
              type="email"
              inputMode="email"
              autoComplete="off"
              withAsterisk
              size="md"
              style={{ gridColumn: '1 / -1' }}
              {...form.getInputProps('email')}
            />
          </PersonFields>
          <TextInput
            label={t.idNumberLabel}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            size="md"
            {...form.getInputProps('idNumber')}
          />
          <BusinessAreaFields form={form} role="lender" texts={t} />
        </SimpleGrid>
        <DialogButtons
          label={submitLabel}
          busyLabel={busyLabel}
          busy={saving.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
