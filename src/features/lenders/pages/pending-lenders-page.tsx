/**
 * Pending applications (/dashboard/admin/approval): the lenders
 * waiting for review, searchable; each opens its review page.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { lendersText } from '../../../i18n/lenders';
import { formatDate, orNA } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { Lender } from '../api/get-lenders';
import { pendingLendersQuery } from '../api/get-pending-lenders';
import { useFailureToast } from '../../../lib/failure';
import { lenderName, matchesSearch } from '../components/lender-text';

const t = lendersText.adminScreens;

function ReviewLink({ lender }: { lender: Lender }) {
  return (
    <Button
      component={Link}
      to={paths.dashboard.approveLenderReview(lender.id)}
      variant="light"
      size="sm"
      mih={44}
      rightSection={<IconChevronRight size={16} />}
      aria-label={t.reviewOf(lenderName(lender))}
      onClick={(event) => event.stopPropagation()}
    >
      {t.review}
    </Button>
  );
}

function businessNames(lender: Lender): string {
  // The table's loading skeleton passes rows whose fields are all null.
  const businesses = (lender.lenderBusinesses as Lender['lenderBusinesses'] | null) ?? [];
  return orNA(businesses.map((business) => business.businessName).join(', '));
}

export function PendingLendersPage() {
  const pending = useQuery(pendingLendersQuery());
  useFailureToast(pending.error, lendersText.pendingFetchFailed);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const rows = useMemo(
    () => pending.data?.filter((lender) => matchesSearch(lender, search)),
    [pending.data, search],
  );

  const columns = useMemo<MRT_ColumnDef<Lender>[]>(
    () => [
      { id: 'name', header: t.columns.name, accessorFn: (lender) => lenderName(lender) },
      { id: 'email', header: t.columns.email, accessorFn: (lender) => orNA(lender.email) },
      {
        id: 'phone',
        header: t.columns.phone,
        accessorFn: (lender) => orNA(lender.phoneNumber),
      },
      { id: 'business', header: t.columns.business, accessorFn: businessNames },
      {
        id: 'region',
        header: t.columns.region,
        accessorFn: (lender) => orNA(lender.lenderRegion?.name),
      },
      {
        id: 'submitted',
        header: t.columns.submitted,
        accessorFn: (lender) => lender.createdAt,
        Cell: ({ row }) => formatDate(row.original.createdAt),
      },
      {
        id: 'review',
        header: '',
        enableSorting: false,
        size: 120,
        Cell: ({ row }) => <ReviewLink lender={row.original} />,
      },
    ],
    [],
  );

  return (
    <Stack gap="lg">
      <PageHead title={t.pendingTitle} description={t.pendingSubtitle} />
      <TextInput
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={{ sm: 360 }}
        size="md"
        type="search"
      />
      <DataTable
        columns={columns}
        data={rows}
        loading={pending.isLoading}
        error={pending.error}
        onRetry={() => void pending.refetch()}
        emptyText={search.trim() ? t.noSearchMatch : t.noPending}
        getRowId={(lender) => String(lender.id)}
        onRowClick={(lender) => void navigate(paths.dashboard.approveLenderReview(lender.id))}
        renderCard={(lender) => (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {lenderName(lender)}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {businessNames(lender)}
              </Text>
              <Text size="sm" c="dimmed">
                {t.columns.submitted}: {formatDate(lender.createdAt)}
              </Text>
            </Stack>
            <IconChevronRight size={20} aria-hidden />
          </Group>
        )}
        options={{
          enableTopToolbar: false,
          initialState: {
            pagination: { pageIndex: 0, pageSize: 10 },
            density: 'md',
            sorting: [{ id: 'submitted', desc: false }],
          },
        }}
      />
    </Stack>
  );
}
