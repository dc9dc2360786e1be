/**
 * The area of a business a person works or lives in (agent and borrower forms): the
 * business's areas, disabled until a business is chosen, and a hint when it has none.
 */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { areasQuery } from '../api/areas';

export type AreaSelectTexts = {
  areaLabel: string;
  areaPlaceholder: string;
  areaNeedsBusiness: string;
  noAreas: string;
  areasFailed: string;
};

export function AreaSelect({
  businessId,
  value,
  onChange,
  error,
  texts: t,
}: {
  businessId: number | null;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  texts: AreaSelectTexts;
}) {
  const areas = useQuery({ ...areasQuery(businessId ?? 0), enabled: businessId !== null });
  const options = (areas.data ?? []).map((area) => ({ value: String(area.id), label: area.name }));
  const none = businessId !== null && areas.data !== undefined && options.length === 0;
  return (
    <Select
      label={t.areaLabel}
      placeholder={businessId ? t.areaPlaceholder : t.areaNeedsBusiness}
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      disabled={!businessId}
      error={error ?? (areas.error ? t.areasFailed : null)}
      description={none ? t.noAreas : undefined}
      withAsterisk
      allowDeselect={false}
      searchable={options.length > 8}
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
