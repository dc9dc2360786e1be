/**
 * The lists that span all the user's businesses (Follow-ups, Refunds): their filter bar,
 * a search box and a business choice whose first option is "All Businesses", and the
 * page they make with their head, Refresh and the table of the rows the filters keep.
 */
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MRT_ColumnDef, MRT_RowData } from 'mantine-react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { myBusinessesQuery } from '../api/businesses';
import { ListTable } from './list-table';
import { PageHead } from './page-head';
import { RefreshButton } from './refresh-button';

export const ALL_BUSINESSES = 'all';

/**
 * The state of a filter bar over `rows`: the rows `filter` keeps for the search and the
 * business chosen, whether either is set, and the bar's props. `filter` must be stable
 * (a module's function).
 */
export function useListFilters<R>(
  rows: R[] | undefined,
  filter: (rows: R[], search: string, businessId: string) => R[],
) {
  const [search, setSearch] = useState('');
  const [businessId, setBusinessId] = useState(ALL_BUSINESSES);
  const shown = useMemo(
    () => (rows ? filter(rows, search, businessId) : undefined),
    [rows, filter, search, businessId],
  );
  return {
    shown,
    filtering: search.trim() !== '' || businessId !== ALL_BUSINESSES,
    props: { search, onSearch: setSearch, businessId, onBusiness: setBusinessId },
  };
}

type FilterTexts = {
  searchLabel: string;
  searchPlaceholder: string;
  businessLabel: string;
  allBusinesses: string;
};

/**
 * The page of such a list: head with Refresh, filter bar, and the rows `filter` keeps
 * as a table (cards on phones); a row opens its record.
 */
export function FilteredListPage<R extends MRT_RowData & { id: number }>({
  texts,
  noMatches,
  loadFailed,
  rows,
  role,
  filter,
  columns,
  renderCard,
  onOpen,
}: {
  texts: FilterTexts & {
    title: string;
    subtitle: string;
    refresh: string;
    empty: string;
    showMore: (count: number) => string;
  };
  /** Said instead of `empty` when the filters hide every row. */
  noMatches?: string;
  /** Said instead of the failure's own words. */
  loadFailed?: string;
  /** The whole list, as the server answers it. */
  rows: UseQueryResult<R[], { message: string }>;
  /** Whose businesses the business choice offers. */
  role: 'lender' | 'agent';
  /** Must be stable (a module's function), as for useListFilters. */
  filter: (rows: R[], search: string, businessId: string) => R[];
  columns: MRT_ColumnDef<R>[];
  renderCard: (row: R) => ReactNode;
  onOpen: (row: R) => void;
}) {
  const businesses = useQuery(myBusinessesQuery(role));
  const filters = useListFilters(rows.data, filter);
  const error = rows.error && loadFailed ? { message: loadFailed } : rows.error;
  return (
    <Stack gap="lg">
      <PageHead
        title={texts.title}
        description={texts.subtitle}
        action={<RefreshButton label={texts.refresh} onClick={() => void rows.refetch()} />}
      />
      <ListFilters texts={texts} businesses={businesses.data} {...filters.props} />
      <ListTable
        columns={columns}
        data={filters.shown}
        loading={rows.isLoading}
        error={error}
        onRetry={() => void rows.refetch()}
        emptyText={noMatches && filters.filtering && rows.data?.length ? noMatches : texts.empty}
        getRowId={(row) => String(row.id)}
        onRowClick={onOpen}
        renderCard={renderCard}
        showMoreLabel={texts.showMore}
      />
    </Stack>
  );
}

export function ListFilters({
  texts,
  search,
  onSearch,
  businesses,
  businessId,
  onBusiness,
}: {
  texts: FilterTexts;
  search: string;
  onSearch: (search: string) => void;
  businesses: { id: number; businessName: string }[] | undefined;
  businessId: string;
  onBusiness: (businessId: string) => void;
}) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        type="search"
        size="md"
        style={{ flex: '1 1 16rem' }}
      />
      <Select
        label={texts.businessLabel}
        data={[
          { value: ALL_BUSINESSES, label: texts.allBusinesses },
          ...(businesses ?? []).map((b) => ({ value: String(b.id), label: b.businessName })),
        ]}
        value={businessId}
        onChange={(id) => onBusiness(id ?? ALL_BUSINESSES)}
        allowDeselect={false}
        size="md"
        style={{ flex: '1 1 14rem' }}
      />
    </Group>
  );
}
