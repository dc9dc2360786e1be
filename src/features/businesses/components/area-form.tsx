/** The Create dialog's form of the areas page (the spec's "Screens and routes", "Validation rules", "Error catalogue"). */
import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/form-resolver';
import * as v from 'valibot';
import { areaSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { createArea } from '../api/create-area';
import { myBusinessesQuery } from '../../../api/businesses';
import { useCreateSubmit } from '../../../lib/use-create-submit';
import { failureText } from '../../../lib/failure';
import { CreateForm } from '../../../components/create-form';

type Values = { name: string; description: string; lenderBusinessId: string };

export function AreaForm({
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
    initialValues: { name: '', description: '', lenderBusinessId: String(businessId) },
    validate: schemaResolver(areaSchema),
  });
  const businesses = useQuery(myBusinessesQuery('lender'));
  const submit = useCreateSubmit({
    successText: t.areaCreated,
    failure: (error) => {
      const text = failureText(error, t.areaFailed);
      return { toast: text, inline: text };
    },
    invalidates: ['areas'],
    onCreated,
  });

  return (
    <CreateForm
      onSubmit={form.onSubmit((values) =>
        submit.run(() => createArea(v.parse(areaSchema, values))),
      )}
      onCancel={onCancel}
      busy={submit.busy}
      error={submit.error}
    >
      <TextInput
        label={t.areaNameLabel}
        placeholder={t.areaNamePlaceholder}
        withAsterisk
        size="md"
        data-autofocus
        {...form.getInputProps('name')}
      />
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
      <Select
        label={t.businessLabel}
        placeholder={businesses.isLoading ? t.businessesLoading : t.businessPlaceholder}
        data={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.businessName }))}
        value={form.values.lenderBusinessId || null}
        onChange={(id) => form.setFieldValue('lenderBusinessId', id ?? '')}
        error={
          (form.errors.lenderBusinessId as string | undefined) ??
          (businesses.error ? t.businessesFailed : undefined)
        }
        disabled={businesses.isLoading}
        allowDeselect={false}
        withAsterisk
        size="md"
      />
    </CreateForm>
  );
}
