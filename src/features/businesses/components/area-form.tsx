/** The Create dialog's form of the areas page (the spec's "Screens and routes", "Validation rules", "Error catalogue"). */
import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import * as v from 'valibot';
import { areaSchema } from '../../../domain/setup';
import { setupText as t } from '../../../i18n/setup';
import { createArea } from '../api/create-area';
import { LenderBusinessSelect } from '../../../components/lender-business-select';
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
      <LenderBusinessSelect
        value={form.values.lenderBusinessId}
        onChange={(id) => form.setFieldValue('lenderBusinessId', id)}
        error={form.errors.lenderBusinessId as string | undefined}
      />
    </CreateForm>
  );
}
