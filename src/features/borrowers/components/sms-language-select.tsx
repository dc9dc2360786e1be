/**
 * The language of a borrower's SMS notices, chosen at registration (the README's "Working
 * offline (agents)").
 */
import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { languageNames, languages } from '../../../domain/languages';
import { borrowersText as t } from '../../../i18n/borrowers';
import type { BorrowerFormValues } from '../utils/form-values';

const options = languages.map((language) => ({
  value: language,
  label: languageNames[language],
}));

export function SmsLanguageSelect({ form }: { form: UseFormReturnType<BorrowerFormValues> }) {
  return (
    <Select
      label={t.smsLanguageLabel}
      description={t.smsLanguageDescription}
      data={options}
      allowDeselect={false}
      size="md"
      key={form.key('language')}
      {...form.getInputProps('language')}
    />
  );
}
