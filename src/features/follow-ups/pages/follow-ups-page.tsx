/**
 * /dashboard/follow-up, for agents: the active
 * and defaulted loans of all their businesses, most overdue first, with a search by
 * borrower name or phone, a business filter (All Businesses) and Refresh; a row opens
 * the loan's follow-up page.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FilteredListPage } from '../../../components/list-filters';
import { followUpsText as t } from '../../../i18n/field-work';
import { paths } from '../../../lib/paths';
import { activeLoansQuery } from '../api/get-active-loans';
import { columns, LoanCard } from '../components/follow-ups-table';
import { filterLoans } from '../utils/loan-filter';

export function FollowUpsPage() {
  const navigate = useNavigate();
  const loans = useQuery(activeLoansQuery());
  return (
    <FilteredListPage
      texts={t}
      noMatches={t.noMatches}
      loadFailed={t.loadFailed}
      rows={loans}
      role="agent"
      filter={filterLoans}
      columns={columns}
      renderCard={(loan) => <LoanCard loan={loan} />}
      onOpen={(loan) => void navigate(paths.dashboard.followUp(loan.id))}
    />
  );
}
