/**
 * The filter bar of lists that span all the user's businesses (Follow-ups, Refunds): a
 * search box and a business choice whose first option is "All Businesses".
 */
import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export const ALL_BUSINESSES = 'all';

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
