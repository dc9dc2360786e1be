/**
 * Where a person works or lives (agent and borrower forms): the business, chosen from the
 * signed-in user's businesses, and its area, disabled until a business is chosen, with a
 * hint when the business has none.
 */
import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { myBusinessesQuery } from '../api/businesses';
import { areasQuery } from '../api/areas';
import { unusableBusinessStatuses } from '../domain/roles';
import { businessStatusLabel } from './business-status-badge';

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

export type BusinessAreaTexts = AreaSelectTexts & {
  businessLabel: string;
  businessPlaceholder: string;
  businessesFailed: string;
  unusableBusiness: (status: string) => string;
};

/** Businesses no person can be placed in (the server refuses them): shown, not chosen. */
const unusableStatuses = new Set<string>(unusableBusinessStatuses);

type PlaceValues = { lenderBusinessId: string; lenderBusinessAreaId: string };

/**
 * The business and its area as two cells of the form's grid. Choosing another business
 * empties the area, and what `alsoEmpty` names (a borrower's referrer). A record whose
 * business cannot change shows its own businesses (`fixed`), disabled, saying why.
 */
export function BusinessAreaFields<V extends PlaceValues>({
  form,
  role,
  texts: t,
  clearLabel,
  fixed,
  alsoEmpty,
}: {
  form: UseFormReturnType<V>;
  /** Whose businesses the list offers: the signed-in lender's or agent's. */
  role: 'lender' | 'agent';
  texts: BusinessAreaTexts;
  /** The chosen business can be cleared, by a button of this name; else a choice stays. */
  clearLabel?: string;
  fixed?: { businesses: { id: number; businessName: string }[]; description: string };
  alsoEmpty?: Partial<V>;
}) {
  // The form's values hold these two fields among their own.
  const place = form as unknown as UseFormReturnType<PlaceValues>;
  // The screen behind a form has loaded the user's businesses (its business switch reads them):
  // the picker shows those, not a reload of its own that draws the shell and the screen again
  // while the first fields are typed.
  const businesses = useQuery({
    ...myBusinessesQuery(role),
    enabled: !fixed,
    refetchOnMount: false,
  });
  // getValues, not values: an uncontrolled form (the borrower's) keeps no values in state;
  // each change of these two fields renders the form again all the same.
  const values = place.getValues();
  const businessId = Number(values.lenderBusinessId) || null;
  const options = fixed
    ? fixed.businesses.map((b) => ({ value: String(b.id), label: b.businessName }))
    : (businesses.data ?? []).map((business) => {
        const unusable = unusableStatuses.has(business.status.toLowerCase());
        return {
          value: String(business.id),
          label: unusable
            ? `${business.businessName} (${t.unusableBusiness(businessStatusLabel(business.status))})`
            : business.businessName,
          disabled: unusable,
        };
      });

  function chooseBusiness(value: string | null) {
    const next = value ?? '';
    if (next === place.getValues().lenderBusinessId) return;
    place.setValues({ ...alsoEmpty, lenderBusinessId: next, lenderBusinessAreaId: '' });
    place.clearFieldError('lenderBusinessId');
  }

  const fieldError = (name: keyof PlaceValues) => place.getInputProps(name).error as ReactNode;
  const clearing = clearLabel
    ? { clearable: !fixed, clearButtonProps: { 'aria-label': clearLabel } }
    : { allowDeselect: false };

  return (
    <>
      <Select
        label={t.businessLabel}
        placeholder={t.businessPlaceholder}
        data={options}
        value={values.lenderBusinessId || null}
        onChange={chooseBusiness}
        error={fieldError('lenderBusinessId') ?? (businesses.error ? t.businessesFailed : null)}
        description={fixed?.description}
        disabled={Boolean(fixed)}
        {...clearing}
        withAsterisk
        size="md"
        comboboxProps={{ withinPortal: true }}
      />
      <AreaSelect
        businessId={businessId}
        value={values.lenderBusinessAreaId}
        onChange={(value) => place.setFieldValue('lenderBusinessAreaId', value)}
        error={fieldError('lenderBusinessAreaId')}
        texts={t}
      />
    </>
  );
}
