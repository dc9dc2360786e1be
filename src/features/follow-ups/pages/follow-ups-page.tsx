/**
 * /dashboard/follow-up (the spec's "Follow-ups list", "Error catalogue"), for agents: the active
 * and defaulted loans of all their businesses, most overdue first, with a search by
 * borrower name or phone, a business filter (All Businesses) and Refresh; a row opens
 * the loan's follow-up page.
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ListFilters, useListFilters } from '../../../components/list-filters';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { followUpsText as t } from '../../../i18n/field-work';
import { paths } from '../../../lib/paths';
import { activeLoansQuery } from '../api/get-active-loans';
import { myBusinessesQuery } from '../../../api/businesses';
import { FollowUpsTable } from '../components/follow-ups-table';
import { filterLoans } from '../utils/loan-filter';

export function FollowUpsPage() {
  const navigate = useNavigate();
  const loans = useQuery(activeLoansQuery());
  const businesses = useQuery(myBusinessesQuery('agent'));
  const filter = useListFilters(loans.data, filterLoans);

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={() => void loans.refetch()} />}
      />
      <ListFilters texts={t} businesses={businesses.data} {...filter.props} />
      <FollowUpsTable
        loans={filter.shown}
        loading={loans.isLoading}
        error={loans.error ? { message: t.loadFailed } : null}
        onRetry={() => void loans.refetch()}
        emptyText={filter.filtering && loans.data?.length ? t.noMatches : t.empty}
        onOpen={(loan) => void navigate(paths.dashboard.followUp(loan.id))}
      />
    </Stack>
  );
}
