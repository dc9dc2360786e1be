/** The business a new area, cycle or plan belongs to, chosen from the lender's businesses. */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { myBusinessesQuery } from '../api/businesses';
import { setupText as t } from '../i18n/setup';

export function LenderBusinessSelect({
  value,
  onChange,
  error,
  label = t.businessLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
}) {
  const businesses = useQuery(myBusinessesQuery('lender'));
  const data = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.businessName }));
  return (
    <Select
      label={label}
      placeholder={businesses.isLoading ? t.businessesLoading : t.businessPlaceholder}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error ?? (businesses.error ? t.businessesFailed : undefined)}
      disabled={businesses.isLoading}
      allowDeselect={false}
      withAsterisk
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
