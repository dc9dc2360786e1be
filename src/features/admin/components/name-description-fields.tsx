/**
 * The name and description a region or a business type is created with: both required,
 * the name focused when the dialog opens.
 */
import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { adminText as t } from '../../../i18n/admin';

type Named = { name: string; description: string };

export function NameDescriptionFields<Values extends Named>({
  form,
  namePlaceholder,
}: {
  form: UseFormReturnType<Values>;
  namePlaceholder?: string;
}) {
  return (
    <>
      <TextInput
        label={t.nameLabel}
        placeholder={namePlaceholder}
        withAsterisk
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t.descriptionLabel}
        withAsterisk
        autosize
        minRows={3}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
    </>
  );
}
