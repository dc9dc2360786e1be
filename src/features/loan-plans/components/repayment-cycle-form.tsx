/** The Create dialog's form of the repayment cycles page. */
import {
  BusinessRecordForm,
  type RecordFormProps,
} from '../../../components/business-records-page';
import { repaymentCycleSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { useCreateRepaymentCycle } from '../api/create-repayment-cycle';
import { DaysInput } from './days-input';

type Values = { name: string; days: number | string; lenderBusinessId: string };

export function RepaymentCycleForm({ businessId, ...dialog }: RecordFormProps) {
  const initialValues: Values = { name: '', days: '', lenderBusinessId: String(businessId) };
  return (
    <BusinessRecordForm
      {...dialog}
      initialValues={initialValues}
      schema={repaymentCycleSchema}
      useCreate={useCreateRepaymentCycle}
      texts={{
        nameLabel: t.cycleNameLabel,
        namePlaceholder: t.cycleNamePlaceholder,
        created: t.cycleCreated,
        failed: t.cycleFailed,
      }}
    >
      {(form) => (
        <DaysInput
          label={t.cycleDaysLabel}
          description={t.cycleDaysHint}
          max={365}
          {...form.getInputProps('days')}
        />
      )}
    </BusinessRecordForm>
  );
}
