import { Text } from '@mantine/core';
import { loansText as t } from '../../../i18n/loans';
import { formatPercent } from '../../../lib/format';
import type { LoanPlanTerms } from '../../../domain/loans';
import { DetailList } from '../../../components/detail-list';
import { InfoModal } from './loan-modal';

/** A loan's plan terms, as stored on the loan when it was applied for. */
export function PlanTermsList({ plan }: { plan: LoanPlanTerms }) {
  const l = t.planLabels;
  return (
    <DetailList
      items={[
        { label: l.name, value: plan.name },
        { label: l.durationInDays, value: t.days(plan.durationInDays) },
        { label: l.interestRate, value: formatPercent(plan.interestRate) },
        { label: l.processingFee, value: formatPercent(plan.processingFee) },
        { label: l.repaymentCycle, value: t.everyDays(t.days(plan.cycleDays)) },
        { label: l.business, value: plan.lenderBusiness.businessName },
        { label: l.fineRateWithinLoanPeriod, value: formatPercent(plan.fineRateWithinLoanPeriod) },
        { label: l.fineRateOverLoanPeriod, value: formatPercent(plan.fineRateOverLoanPeriod) },
        { label: l.gracePeriodWithinLoanPeriod, value: t.days(plan.gracePeriodWithinLoanPeriod) },
        { label: l.gracePeriodOverLoanPeriod, value: t.days(plan.gracePeriodOverLoanPeriod) },
      ]}
    />
  );
}

/** The loan plan details dialog of the loan lists. */
export function LoanPlanDetailsModal({
  plan,
  onClose,
}: {
  plan: LoanPlanTerms | null;
  onClose: () => void;
}) {
  return (
    <InfoModal opened={plan !== null} onClose={onClose} title={t.planTitle}>
      {plan && (
        <>
          <Text size="sm" c="dimmed">
            {t.planTermsNote}
          </Text>
          <PlanTermsList plan={plan} />
        </>
      )}
    </InfoModal>
  );
}
