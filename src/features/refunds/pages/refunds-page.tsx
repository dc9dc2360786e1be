/**
 * /dashboard/refunds (the spec's "Refunds"), for lenders: the loans of all their
 * businesses whose borrowers overpaid, with a search by borrower name, a business
 * filter (All Businesses) and Refresh; a row opens the loan's refund page.
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListFilters } from '../../../components/list-filters';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { refundsText as t } from '../../../i18n/money';
import { paths } from '../../../lib/paths';
import { myBusinessesQuery } from '../../../api/businesses';
import { refundableLoansQuery } from '../api/get-refundable-loans';
import { RefundsTable } from '../components/refunds-table';
import { ALL_BUSINESSES, filterRefundLoans } from '../utils/refund-filter';

export function RefundsPage() {
  const navigate = useNavigate();
  const loans = useQuery(refundableLoansQuery());
  const businesses = useQuery(myBusinessesQuery('lender'));
  const [search, setSearch] = useState('');
  const [businessId, setBusinessId] = useState(ALL_BUSINESSES);
  const shown = useMemo(
    () => (loans.data ? filterRefundLoans(loans.data, search, businessId) : undefined),
    [loans.data, search, businessId],
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={() => void loans.refetch()} />}
      />
      <ListFilters
        texts={t}
        search={search}
        onSearch={setSearch}
        businesses={businesses.data}
        businessId={businessId}
        onBusiness={setBusinessId}
      />
      <RefundsTable
        loans={shown}
        loading={loans.isLoading}
        error={loans.error}
        onRetry={() => void loans.refetch()}
        emptyText={t.empty}
        onOpen={(loan) => void navigate(paths.dashboard.refund(loan.id))}
      />
    </Stack>
  );
}
