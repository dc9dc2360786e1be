import { Select } from '@mantine/core';
import { loansText as t } from '../../../i18n/loans';
import { formatPercent } from '../../../lib/format';
import type { LoanPlan } from '../../../api/loan-plans';

/** The loan plans of the business: name, duration and interest in the option. */
export function PlanSelect({
  plans,
  loading,
  failed,
  value,
  onChange,
  error,
}: {
  plans: LoanPlan[] | undefined;
  loading: boolean;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const none = plans?.length === 0;
  return (
    <Select
      label={t.planLabel}
      placeholder={loading ? t.plansLoading : t.planPlaceholder}
      data={(plans ?? []).map((plan) => ({
        value: String(plan.id),
        label: t.planOption(
          plan.name,
          t.days(plan.durationInDays),
          formatPercent(plan.interestRate),
        ),
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      disabled={loading || none}
      description={none ? t.noPlans : undefined}
      error={error ?? (failed ? t.plansFailed : undefined)}
      withAsterisk
      size="md"
    />
  );
}
