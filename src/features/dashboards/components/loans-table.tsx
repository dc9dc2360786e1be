import { memo } from 'react';
import { dashboardsText as t } from '../../../i18n/dashboards';
import { formatKsh, orNA } from '../../../lib/format';
import { type DashboardLoan, type DashboardLoans } from '../api/get-existing-loans';
import { DashboardTable, type Column } from './dashboard-table';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { personName } from '../../../lib/names';
import { CardHead } from '../../../components/card-head';
import classes from './loans-table.module.css';

const columns: Column<DashboardLoan>[] = [
  { header: t.columns.borrower, cell: (loan) => orNA(personName(loan.borrower)) },
  { header: t.columns.requesterAgent, cell: (loan) => orNA(personName(loan.requesterAgent)) },
  { header: t.columns.principalAmount, cell: (loan) => formatKsh(loan.principalAmount) },
  { header: t.columns.lenderLoanPlan, cell: (loan) => orNA(loan.lenderLoanPlan?.name) },
  { header: t.columns.loanCode, cell: (loan) => orNA(loan.loanCode) },
  { header: t.columns.status, cell: (loan) => <LoanStatusBadge status={loan.status} /> },
];

/** A loan as a phone shows it: plain elements with the card's own styles (loans-table.module.css). */
function LoanCard({ loan }: { loan: DashboardLoan }) {
  return (
    <div className={classes.card}>
      <CardHead
        title={orNA(personName(loan.borrower))}
        aside={<LoanStatusBadge status={loan.status} />}
      />
      <div className={classes.figures}>
        <p className={classes.amount}>{formatKsh(loan.principalAmount)}</p>
        <p className={classes.code}>{orNA(loan.loanCode)}</p>
      </div>
      <p className={classes.plan}>
        {orNA(loan.lenderLoanPlan?.name)} · {orNA(personName(loan.requesterAgent))}
      </p>
    </div>
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
