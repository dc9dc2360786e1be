import { NumberInput, Text } from '@mantine/core';
import { loansText as t } from '../../../i18n/loans';

/** A principal in KES, thousands grouped as typed, with the decimal keypad on phones. */
export function PrincipalInput({
  value,
  onChange,
  error,
  description,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
  description?: string;
}) {
  return (
    <NumberInput
      label={t.principalLabel}
      placeholder={t.principalPlaceholder}
      leftSection={
        <Text size="sm" c="dimmed" fw={600}>
          {t.currency}
        </Text>
      }
      leftSectionWidth={52}
      thousandSeparator=","
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      min={0}
      value={value}
      onChange={onChange}
      error={error}
      description={description}
      withAsterisk
      size="md"
    />
  );
}
