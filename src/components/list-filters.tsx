/**
 * The filter bar of lists that span all the user's businesses (Follow-ups, Refunds): a
 * search box and a business choice whose first option is "All Businesses".
 */
import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

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

export function ListFilters({
  texts,
  search,
  onSearch,
  businesses,
  businessId,
  onBusiness,
}: {
  texts: {
    searchLabel: string;
    searchPlaceholder: string;
    businessLabel: string;
    allBusinesses: string;
  };
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
