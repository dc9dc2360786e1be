/** The Create dialog's form of the repayment cycles page (the spec's "Screens and routes", "Validation rules", "Error catalogue"). */
import { NumberInput } from '@mantine/core';
import * as v from 'valibot';
import {
  BusinessRecordForm,
  type RecordFormProps,
} from '../../../components/business-records-page';
import { repaymentCycleSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { createRepaymentCycle } from '../api/create-repayment-cycle';

type Values = { name: string; days: number | string; lenderBusinessId: string };

export function RepaymentCycleForm({ businessId, ...dialog }: RecordFormProps) {
  const initialValues: Values = { name: '', days: '', lenderBusinessId: String(businessId) };
  return (
    <BusinessRecordForm
      {...dialog}
      initialValues={initialValues}
      schema={repaymentCycleSchema}
      send={(values) => createRepaymentCycle(v.parse(repaymentCycleSchema, values))}
      texts={{
        nameLabel: t.cycleNameLabel,
        namePlaceholder: t.cycleNamePlaceholder,
        created: t.cycleCreated,
        failed: t.cycleFailed,
      }}
      invalidates="repayment-cycles"
    >
      {(form) => (
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
      )}
    </BusinessRecordForm>
  );
}
