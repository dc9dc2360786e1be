import { memo } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { dashboardsText as t } from '../../../i18n/dashboards';
import { formatKsh, orNA } from '../../../lib/format';
import { type DashboardLoan, type DashboardLoans } from '../api/get-existing-loans';
import { DashboardTable, type Column } from './dashboard-table';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { personName } from '../../../lib/names';
import { CardHead } from '../../../components/card-head';

const columns: Column<DashboardLoan>[] = [
  { header: t.columns.borrower, cell: (loan) => orNA(personName(loan.borrower)) },
  { header: t.columns.requesterAgent, cell: (loan) => orNA(personName(loan.requesterAgent)) },
  { header: t.columns.principalAmount, cell: (loan) => formatKsh(loan.principalAmount) },
  { header: t.columns.lenderLoanPlan, cell: (loan) => orNA(loan.lenderLoanPlan?.name) },
  { header: t.columns.loanCode, cell: (loan) => orNA(loan.loanCode) },
  { header: t.columns.status, cell: (loan) => <LoanStatusBadge status={loan.status} /> },
];

function LoanCard({ loan }: { loan: DashboardLoan }) {
  return (
    <Stack gap={4}>
      <CardHead
        title={orNA(personName(loan.borrower))}
        aside={<LoanStatusBadge status={loan.status} />}
      />
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{formatKsh(loan.principalAmount)}</Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {orNA(loan.loanCode)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {orNA(loan.lenderLoanPlan?.name)} · {orNA(personName(loan.requesterAgent))}
      </Text>
    </Stack>
  );
}

/**
 * "Loans Existing" on the lender dashboard and "My Loans" on the agent dashboard. Memoised:
 * the dashboard's other figures arrive one by one as it opens, and each drew the whole list
 * again (on a phone, a hundred-odd components per card set).
 */
export const LoansTable = memo(function LoansTable({
  title,
  loans,
  loading,
  emptyText,
}: {
  title: string;
  loans: DashboardLoans;
  loading: boolean;
  emptyText: string;
}) {
  return (
    <DashboardTable
      title={title}
      rows={loans.loans}
      total={loans.total}
      rowKey={(loan) => loan.id}
      columns={columns}
      renderCard={(loan) => <LoanCard loan={loan} />}
      loading={loading}
      emptyText={emptyText}
    />
  );
});
