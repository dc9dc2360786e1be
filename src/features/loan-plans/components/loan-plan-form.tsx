/**
 * The Create dialog's form of the loan plans page: the ten plan
 * fields; repayment cycles load once a business is chosen and reset when it changes.
 * A failure toasts "Loan plan failed!"; the inline alert adds the server's reason when
 * it gave one (a duration shorter than the cycle, a cycle of another business).
 */
import { Divider, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { loanPlanSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { useCreateLoanPlan } from '../api/create-loan-plan';
import { repaymentCyclesQuery } from '../api/get-repayment-cycles';
import { useCreateSubmit } from '../../../lib/use-create-submit';
import { failureText } from '../../../lib/failure';
import { LenderBusinessSelect } from '../../../components/lender-business-select';
import { CreateForm } from '../../../components/create-form';
import { DaysInput } from './days-input';

type RateField =
  | 'interestRate'
  | 'processingFee'
  | 'fineRateWithinLoanPeriod'
  | 'fineRateOverLoanPeriod'
  | 'gracePeriodWithinLoanPeriod'
  | 'gracePeriodOverLoanPeriod';

type Values = {
  name: string;
  durationInDays: number | string;
  repaymentCycleId: string;
  lenderBusinessId: string;
} & Record<RateField, number | string>;

export function LoanPlanForm({
  businessId,
  onCreated,
  onCancel,
}: {
  /** The selected business, chosen by default. */
  businessId: number;
  onCreated: () => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      name: '',
      durationInDays: '',
      repaymentCycleId: '',
      lenderBusinessId: String(businessId),
      interestRate: '',
      processingFee: '',
      fineRateWithinLoanPeriod: '',
      fineRateOverLoanPeriod: '',
      gracePeriodWithinLoanPeriod: '',
      gracePeriodOverLoanPeriod: '',
    },
    validate: schemaResolver(loanPlanSchema),
  });
  const submit = useCreateSubmit(useCreateLoanPlan, {
    successText: t.planCreated,
    failure: (error) => ({ toast: t.planFailed, inline: failureText(error, t.planFailed) }),
    onCreated,
  });

  const rate = (field: RateField, percent: boolean) => (
    <NumberInput
      label={t.planLabels[field]}
      min={0}
      max={100}
      step={percent ? 0.1 : 1}
      decimalScale={percent ? 1 : 0}
      allowDecimal={percent}
      allowNegative={false}
      clampBehavior="none"
      suffix={percent ? '%' : undefined}
      hideControls
      withAsterisk
      size="md"
      {...form.getInputProps(field)}
    />
  );

  return (
    <CreateForm
      onSubmit={form.onSubmit((values) => submit.run(v.parse(loanPlanSchema, values)))}
      onCancel={onCancel}
      busy={submit.busy}
      error={submit.error}
    >
      <Section title={t.planSections.plan}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t.planLabels.name}
            placeholder={t.planNamePlaceholder}
            withAsterisk
            size="md"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <DaysInput
            label={t.planLabels.durationInDays}
            max={3650}
            {...form.getInputProps('durationInDays')}
          />
          <LenderBusinessSelect
            label={t.planLabels.lenderBusinessId}
            value={form.values.lenderBusinessId}
            onChange={(id) => {
              form.setFieldValue('lenderBusinessId', id);
              form.setFieldValue('repaymentCycleId', '');
            }}
            error={form.errors.lenderBusinessId as string | undefined}
          />
          <CycleSelect
            businessId={Number(form.values.lenderBusinessId) || null}
            value={form.values.repaymentCycleId}
            onChange={(id) => form.setFieldValue('repaymentCycleId', id)}
            error={form.errors.repaymentCycleId as string | undefined}
          />
        </SimpleGrid>
      </Section>
      <Section title={t.planSections.charges}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rate('interestRate', true)}
          {rate('processingFee', true)}
        </SimpleGrid>
      </Section>
      <Section title={t.planSections.fines}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rate('fineRateWithinLoanPeriod', true)}
          {rate('fineRateOverLoanPeriod', true)}
          {rate('gracePeriodWithinLoanPeriod', false)}
          {rate('gracePeriodOverLoanPeriod', false)}
        </SimpleGrid>
      </Section>
    </CreateForm>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider
        labelPosition="left"
        label={
          <Title order={3} size="sm" fw={600} c="dimmed">
            {title}
          </Title>
        }
      />
      {children}
    </Stack>
  );
}

/** The cycles of the chosen business; nothing loads before one is chosen. */
function CycleSelect({
  businessId,
  value,
  onChange,
  error,
}: {
  businessId: number | null;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const cycles = useQuery({
    ...repaymentCyclesQuery(businessId ?? 0),
    enabled: businessId !== null,
  });
  const data = (cycles.data ?? []).map((c) => ({
    value: String(c.id),
    label: t.cycleOption(c.name, c.days),
  }));
  const none = cycles.data?.length === 0;
  const placeholder = !businessId
    ? t.cycleChooseBusinessFirst
    : cycles.isLoading
      ? t.cyclesLoading
      : t.cyclePlaceholder;
  return (
    <Select
      label={t.planLabels.repaymentCycleId}
      placeholder={placeholder}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      disabled={!businessId || cycles.isLoading || none}
      description={none ? t.noCyclesForBusiness : undefined}
      error={error ?? (cycles.error ? t.cyclesFailed : undefined)}
      allowDeselect={false}
      withAsterisk
      size="md"
    />
  );
}
