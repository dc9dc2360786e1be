/** The Create dialog's form of the repayment cycles page (the spec's "Screens and routes", "Validation rules", "Error catalogue"). */
import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import * as v from 'valibot';
import { repaymentCycleSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { createRepaymentCycle } from '../api/create-repayment-cycle';
import { useCreateSubmit } from '../../../lib/use-create-submit';
import { failureText } from '../../../lib/failure';
import { LenderBusinessSelect } from '../../../components/lender-business-select';
import { CreateForm } from '../../../components/create-form';

type Values = { name: string; days: number | string; lenderBusinessId: string };

export function RepaymentCycleForm({
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
    initialValues: { name: '', days: '', lenderBusinessId: String(businessId) },
    validate: schemaResolver(repaymentCycleSchema),
  });
  const submit = useCreateSubmit({
    successText: t.cycleCreated,
    failure: (error) => {
      const text = failureText(error, t.cycleFailed);
      return { toast: text, inline: text };
    },
    invalidates: ['repayment-cycles'],
    onCreated,
  });

  return (
    <CreateForm
      onSubmit={form.onSubmit((values) =>
        submit.run(() => createRepaymentCycle(v.parse(repaymentCycleSchema, values))),
      )}
      onCancel={onCancel}
      busy={submit.busy}
      error={submit.error}
    >
      <TextInput
        label={t.cycleNameLabel}
        placeholder={t.cycleNamePlaceholder}
        withAsterisk
        size="md"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <NumberInput
        label={t.cycleDaysLabel}
        description={t.cycleDaysHint}
        min={1}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        withAsterisk
        size="md"
        {...form.getInputProps('days')}
      />
      <LenderBusinessSelect
        value={form.values.lenderBusinessId}
        onChange={(id) => form.setFieldValue('lenderBusinessId', id)}
        error={form.errors.lenderBusinessId as string | undefined}
      />
    </CreateForm>
  );
}
