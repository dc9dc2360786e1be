/** The Create dialog's form of the areas page. */
import { Textarea } from '@mantine/core';
import {
  BusinessRecordForm,
  type RecordFormProps,
} from '../../../components/business-records-page';
import { areaSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { useCreateArea } from '../api/create-area';

export function AreaForm({ businessId, ...dialog }: RecordFormProps) {
  return (
    <BusinessRecordForm
      {...dialog}
      initialValues={{ name: '', description: '', lenderBusinessId: String(businessId) }}
      schema={areaSchema}
      useCreate={useCreateArea}
      texts={{
        nameLabel: t.areaNameLabel,
        namePlaceholder: t.areaNamePlaceholder,
        created: t.areaCreated,
        failed: t.areaFailed,
      }}
    >
      {(form) => (
        <Textarea
          label={t.areaDescriptionLabel}
          placeholder={t.areaDescriptionPlaceholder}
          autosize
          minRows={3}
          maxRows={6}
          withAsterisk
          size="md"
          {...form.getInputProps('description')}
        />
      )}
    </BusinessRecordForm>
  );
}
