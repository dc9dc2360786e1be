import { Button, Group, Loader, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { loansText as t } from '../../../i18n/loans';

/** Search by loan code and the Refresh button. */
export function LoansToolbar({
  search,
  onSearch,
  refreshing,
  onRefresh,
}: {
  search: string;
  onSearch: (value: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-end">
      <TextInput
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        size="md"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        style={{ flex: '1 1 0', minWidth: 0, maxWidth: 360 }}
        type="search"
      />
      <Button
        variant="default"
        size="md"
        onClick={onRefresh}
        disabled={refreshing}
        leftSection={refreshing ? <Loader size={16} /> : <IconRefresh size={18} />}
        aria-busy={refreshing}
        style={{ flexShrink: 0 }}
      >
        {refreshing ? t.refreshing : t.refresh}
      </Button>
    </Group>
  );
}
