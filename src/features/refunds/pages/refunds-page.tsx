/**
 * /dashboard/refunds (the spec's "Refunds"), for lenders: the loans of all their
 * businesses whose borrowers overpaid, with a search by borrower name, a business
 * filter (All Businesses) and Refresh; a row opens the loan's refund page.
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ListFilters, useListFilters } from '../../../components/list-filters';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { refundsText as t } from '../../../i18n/money';
import { paths } from '../../../lib/paths';
import { myBusinessesQuery } from '../../../api/businesses';
import { refundableLoansQuery } from '../api/get-refundable-loans';
import { RefundsTable } from '../components/refunds-table';
import { filterRefundLoans } from '../utils/refund-filter';

export function RefundsPage() {
  const navigate = useNavigate();
  const loans = useQuery(refundableLoansQuery());
  const businesses = useQuery(myBusinessesQuery('lender'));
  const filter = useListFilters(loans.data, filterRefundLoans);

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={() => void loans.refetch()} />}
      />
      <ListFilters texts={t} businesses={businesses.data} {...filter.props} />
      <RefundsTable
        loans={filter.shown}
        loading={loans.isLoading}
        error={loans.error}
        onRetry={() => void loans.refetch()}
        emptyText={t.empty}
        onOpen={(loan) => void navigate(paths.dashboard.refund(loan.id))}
      />
    </Stack>
  );
}
