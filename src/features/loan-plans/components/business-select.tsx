import { Select } from '@mantine/core';
import { setupText as t } from '../../../i18n/setup';
import { useApiQuery } from '../../../lib/use-api-query';
import { getLenderBusinesses } from '../../../api/businesses';

/** The business a new cycle or plan belongs to, chosen from the lender's businesses. */
export function BusinessSelect({
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
  const businesses = useApiQuery('lender-businesses', getLenderBusinesses);
  const data = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.businessName }));
  return (
    <Select
      label={label}
      placeholder={businesses.loading ? t.businessesLoading : t.businessPlaceholder}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error ?? (businesses.error ? t.businessesFailed : undefined)}
      disabled={businesses.loading}
      allowDeselect={false}
      withAsterisk
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
