/**
 * /dashboard/refunds, for lenders: the loans of all their
 * businesses whose borrowers overpaid, with a search by borrower name, a business
 * filter (All Businesses) and Refresh; a row opens the loan's refund page.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FilteredListPage } from '../../../components/list-filters';
import { refundsText as t } from '../../../i18n/refunds';
import { paths } from '../../../lib/paths';
import { refundableLoansQuery } from '../api/get-refundable-loans';
import { columns, RefundCard } from '../components/refunds-table';
import { filterRefundLoans } from '../utils/refund-filter';

export function RefundsPage() {
  const navigate = useNavigate();
  const loans = useQuery(refundableLoansQuery());
  return (
    <FilteredListPage
      texts={t}
      rows={loans}
      role="lender"
      filter={filterRefundLoans}
      columns={columns}
      renderCard={(loan) => <RefundCard loan={loan} />}
      onOpen={(loan) => void navigate(paths.dashboard.refund(loan.id))}
    />
  );
}
