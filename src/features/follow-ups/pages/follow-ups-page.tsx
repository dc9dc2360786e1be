/**
 * /dashboard/follow-up (the spec's "Follow-ups list", "Error catalogue"), for agents: the active
 * and defaulted loans of all their businesses, most overdue first, with a search by
 * borrower name or phone, a business filter (All Businesses) and Refresh; a row opens
 * the loan's follow-up page.
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListFilters } from '../../../components/list-filters';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { followUpsText as t } from '../../../i18n/field-work';
import { paths } from '../../../lib/paths';
import { activeLoansQuery } from '../api/get-active-loans';
import { myBusinessesQuery } from '../../../api/businesses';
import { FollowUpsTable } from '../components/follow-ups-table';
import { ALL_BUSINESSES, filterLoans } from '../utils/loan-filter';

export function FollowUpsPage() {
  const navigate = useNavigate();
  const loans = useQuery(activeLoansQuery());
  const businesses = useQuery(myBusinessesQuery('agent'));
  const [search, setSearch] = useState('');
  const [businessId, setBusinessId] = useState(ALL_BUSINESSES);
  const shown = useMemo(
    () => (loans.data ? filterLoans(loans.data, search, businessId) : undefined),
    [loans.data, search, businessId],
  );
  const filtering = search.trim() !== '' || businessId !== ALL_BUSINESSES;

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
      <FollowUpsTable
        loans={shown}
        loading={loans.isLoading}
        error={loans.error ? { message: t.loadFailed } : null}
        onRetry={() => void loans.refetch()}
        emptyText={filtering && loans.data?.length ? t.noMatches : t.empty}
        onOpen={(loan) => void navigate(paths.dashboard.followUp(loan.id))}
      />
    </Stack>
  );
}
