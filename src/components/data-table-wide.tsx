/**
 * The wide screens' table of DataTable (./data-table.tsx), in a chunk of its own with
 * mantine-react-table and its CSS: only a screen from `sm` up loads it.
 */
import 'mantine-react-table/styles.css';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_RowData,
} from 'mantine-react-table';
import { useMemo } from 'react';
import type { DataTableProps } from './data-table';
import { EmptyState } from './empty-state';

export function WideTable<T extends MRT_RowData>({
  columns,
  data,
  loading,
  emptyText,
  onRowClick,
  getRowId,
  options,
}: DataTableProps<T>) {
  const { state, initialState, ...rest } = options ?? {};
  const safeColumns = useMemo(() => columns.map(skippingPlaceholderRows), [columns]);
  const table = useMantineReactTable<T>({
    columns: safeColumns,
    data: data ?? [],
    ...(getRowId ? { getRowId } : {}),
    state: { isLoading: loading && !data, showSkeletons: loading && !data, ...state },
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableHiding: false,
    initialState: {
      pagination: { pageIndex: 0, pageSize: 10 },
      density: 'md',
      ...initialState,
    },
    mantineTableBodyRowProps: ({ row }) =>
      onRowClick ? { onClick: () => onRowClick(row.original), style: { cursor: 'pointer' } } : {},
    mantinePaperProps: { withBorder: true, shadow: 'none', radius: 'md' },
    // A table wider than the screen scrolls sideways: a keyboard must be able to scroll it
    // too, even when no row holds a link or a button (WCAG 2.1.1).
    mantineTableContainerProps: { tabIndex: 0 },
    renderEmptyRowsFallback: () => <EmptyState>{emptyText}</EmptyState>,
    ...rest,
  });
  return <MantineReactTable table={table} />;
}

/**
 * While loading, mantine-react-table renders skeleton rows whose data is null; a column's
 * accessorFn written for real rows must not see them.
 */
function skippingPlaceholderRows<T extends MRT_RowData>(
  column: MRT_ColumnDef<T>,
): MRT_ColumnDef<T> {
  const { accessorFn, columns: children } = column;
  return {
    ...column,
    ...(accessorFn
      ? { accessorFn: (row: T) => (row == null ? undefined : accessorFn(row)) as never }
      : {}),
    ...(children ? { columns: children.map(skippingPlaceholderRows) } : {}),
  };
}
