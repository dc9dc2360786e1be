/**
 * A read-only list for the data table (docs/architecture.md §8): no toolbar, sortable heads,
 * narrow starting column widths so the columns share the page instead of overflowing
 * it, and on phones the rows as cards, 20 at a time with a Show more button, so a
 * business with thousands of rows renders as fast as one with ten.
 */
import { Button, Stack } from '@mantine/core';
import { usePhone } from '../lib/use-phone';
import type { MRT_RowData } from 'mantine-react-table';
import { useState } from 'react';
import { DataTable, type DataTableProps } from './data-table';

const CARDS_PER_PAGE = 20;

function useCardPage<T>(rows: T[] | undefined) {
  // Read at once, not after a first render: that render would build all rows.
  const phone = usePhone();
  const [shown, setShown] = useState(CARDS_PER_PAGE);
  const [shownOf, setShownOf] = useState(rows);
  if (shownOf !== rows) {
    // Another filter, tab or reload: start again from the first cards.
    setShownOf(rows);
    setShown(CARDS_PER_PAGE);
  }
  return {
    rows: phone && rows ? rows.slice(0, shown) : rows,
    more: phone && rows ? Math.max(0, rows.length - shown) : 0,
    showMore: () => setShown((n) => n + CARDS_PER_PAGE),
  };
}

/** What a screen passes down about its list's loading, failure and emptiness. */
export type ListState = Pick<
  DataTableProps<MRT_RowData>,
  'loading' | 'error' | 'onRetry' | 'emptyText'
>;

export function ListTable<T extends MRT_RowData>({
  data,
  showMoreLabel,
  ...props
}: Omit<DataTableProps<T>, 'options'> & { showMoreLabel: (count: number) => string }) {
  const page = useCardPage(data);
  return (
    <Stack gap="sm">
      <DataTable
        {...props}
        data={page.rows}
        options={{
          enableTopToolbar: false,
          enableGlobalFilter: false,
          enableColumnFilters: false,
          enableHeaderActionsHoverReveal: true,
          defaultColumn: { size: 100, minSize: 60 },
          mantinePaginationProps: { rowsPerPageOptions: ['10', '25', '50', '100'] },
        }}
      />
      {page.more > 0 && (
        <Button variant="default" size="md" fullWidth onClick={page.showMore}>
          {showMoreLabel(page.more)}
        </Button>
      )}
    </Stack>
  );
}
