import { memo } from 'react';
import { IconCash, IconChecklist } from '@tabler/icons-react';
import { dashboardsText as t } from '../../../i18n/dashboards';
import { formatCount, formatKes } from '../../../lib/format';
import type { LoanStats } from '../api/get-loan-stats';
import { StatCard } from './stat-card';

/**
 * The pending (applied) and active (approved) loan cards both dashboards show; the
 * lender's second card is titled Approved Amount, the agent's Loan Approved ("Dashboards").
 * Memoised, as LoansTable is: drawn again only when the stats change.
 */
export const LoanStatsCards = memo(function LoanStatsCards({
  stats,
  loading,
  approvedTitle,
}: {
  stats: LoanStats;
  loading: boolean;
  approvedTitle: string;
}) {
  return (
    <>
      <StatCard
        title={t.loanApplied}
        icon={IconCash}
        main={{ label: t.pendingAmount, value: formatKes(stats.pendingAmount) }}
        others={[{ label: t.pendingCount, value: formatCount(stats.pendingCount) }]}
        loading={loading}
      />
      <StatCard
        title={approvedTitle}
        icon={IconChecklist}
        main={{ label: t.activeAmount, value: formatKes(stats.activeAmount) }}
        others={[{ label: t.activeCount, value: formatCount(stats.activeCount) }]}
        loading={loading}
      />
    </>
  );
});
