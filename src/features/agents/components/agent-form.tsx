/**
 * The agent form of the Create and Edit dialogs and of the edit page (the spec's "Validation rules"
 * "Agent create and edit"): validated with the server's agentSchema; the area list
 * belongs to the chosen business, so it stays disabled until one is chosen and is
 * emptied whenever the business changes.
 */
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { agentSchema } from '../../../domain/agents';
import { agentsText as t } from '../../../i18n/agents';
import { capitalizeWords } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { getBusinessAreas } from '../api/get-business-areas';
import { getLenderBusinesses } from '../../../api/businesses';
import { areaIn, type Agent, type AgentAnswer, type AgentPayload } from '../types/agent';
import { reportFailure } from '../../../lib/failure';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';

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

/** Businesses an agent cannot be placed in (the server refuses them). */
const unusableStatuses = new Set(['rejected', 'blocked']);

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
  save,
  onSaved,
  onCancel,
  intro,
}: {
  initialValues: AgentFormValues;
  submitLabel: string;
  busyLabel: string;
  /** Heads the inline alert of a failed save. */
  failureTitle: string;
  save: (payload: AgentPayload) => Promise<AgentAnswer>;
  onSaved: (answer: AgentAnswer) => void;
  onCancel?: () => void;
  intro?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AgentFormValues>({
    initialValues,
    validate: schemaResolver(agentSchema),
  });

  const businesses = useApiQuery('agent-form:businesses', getLenderBusinesses);
  const businessId = Number(form.values.lenderBusinessId) || null;
  const areas = useApiQuery(businessId ? `agent-form:areas:${businessId}` : null, () =>
    getBusinessAreas(businessId ?? 0),
  );

  const businessOptions = (businesses.data ?? []).map((business) => {
    const unusable = unusableStatuses.has(business.status.toLowerCase());
    return {
      value: String(business.id),
      label: unusable
        ? `${business.businessName} (${t.unusableBusiness(capitalizeWords(business.status))})`
        : business.businessName,
      disabled: unusable,
    };
  });
  const areaOptions = (areas.data ?? []).map((area) => ({
    value: String(area.id),
    label: area.name,
  }));
  const noAreas = businessId !== null && areas.data !== undefined && areaOptions.length === 0;

  function chooseBusiness(value: string | null) {
    const next = value ?? '';
    if (next === form.values.lenderBusinessId) return;
    form.setValues({ lenderBusinessId: next, lenderBusinessAreaId: '' });
    form.clearFieldError('lenderBusinessId');
  }

  async function submit(values: AgentFormValues) {
    setBusy(true);
    setError(null);
    try {
      const answer = await save(v.parse(agentSchema, values));
      setBusy(false);
      onSaved(answer);
    } catch (failure) {
      setError(reportFailure(failure));
      setBusy(false);
    }
  }

  const fieldError = (name: keyof AgentFormValues) => form.getInputProps(name).error as ReactNode;

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {intro}
        <FailureAlert title={failureTitle} message={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t.firstNameLabel}
            autoComplete="off"
            withAsterisk
            size="md"
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t.lastNameLabel}
            autoComplete="off"
            withAsterisk
            size="md"
            {...form.getInputProps('lastName')}
          />
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
          <TextInput
            label={t.phoneLabel}
            type="tel"
            inputMode="tel"
            placeholder={t.phonePlaceholder}
            autoComplete="off"
            withAsterisk
            size="md"
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput
            label={t.idNumberLabel}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            size="md"
            {...form.getInputProps('idNumber')}
          />
          <Select
            label={t.businessLabel}
            placeholder={t.businessPlaceholder}
            data={businessOptions}
            value={form.values.lenderBusinessId || null}
            onChange={chooseBusiness}
            error={fieldError('lenderBusinessId') ?? (businesses.error ? t.businessesFailed : null)}
            withAsterisk
            allowDeselect={false}
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t.areaLabel}
            placeholder={businessId ? t.areaPlaceholder : t.areaNeedsBusiness}
            data={areaOptions}
            value={form.values.lenderBusinessAreaId || null}
            onChange={(value) => form.setFieldValue('lenderBusinessAreaId', value ?? '')}
            disabled={!businessId}
            error={fieldError('lenderBusinessAreaId') ?? (areas.error ? t.areasFailed : null)}
            description={noAreas ? t.noAreas : undefined}
            withAsterisk
            allowDeselect={false}
            searchable={areaOptions.length > 8}
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <DialogButtons label={submitLabel} busyLabel={busyLabel} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
