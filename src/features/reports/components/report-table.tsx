/**
 * A page of a report: its columns on wide screens, each row as a card of the
 * same fields on phones. A row opens its details (click, Enter or Space).
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import type { ReportDefinition } from '../utils/report-definitions';

/** A report row as the table sees it: whatever the API sent. */
export type AnyRow = Record<string, unknown>;

export function ReportTable({
  report,
  rows,
  onOpen,
}: {
  report: ReportDefinition<unknown>;
  rows: AnyRow[];
  onOpen: (row: AnyRow) => void;
}) {
  const columns = useMemo<MRT_ColumnDef<AnyRow>[]>(
    () =>
      report.columns.map((field, index) => ({
        id: `column-${index}`,
        header: field.label,
        size: field.size,
        accessorFn: (row) => field.text(row),
        ...(field.cell ? { Cell: ({ row }) => field.cell!(row.original) } : {}),
        ...(field.numeric
          ? {
              mantineTableHeadCellProps: { align: 'right' },
              mantineTableBodyCellProps: { align: 'right' },
            }
          : {}),
      })),
    [report],
  );
  return (
    <DataTable<AnyRow>
      columns={columns}
      data={rows}
      loading={false}
      emptyText={report.empty}
      onRowClick={onOpen}
      getRowId={(row) => report.key(row)}
      renderCard={(row) => <ReportCard report={report} row={row} />}
      options={{
        enableTopToolbar: false,
        enableBottomToolbar: false,
        enablePagination: false,
        enableSorting: false,
        manualPagination: true,
        mantineTableBodyRowProps: ({ row }) => ({
          onClick: () => onOpen(row.original),
          onKeyDown: (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onOpen(row.original);
            }
          },
          tabIndex: 0,
          'aria-label': report.heading(row.original),
          style: { cursor: 'pointer' },
        }),
      }}
    />
  );
}

/** A row on a phone: the heading (with the ID under it), then the other columns two abreast. */
function ReportCard({ report, row }: { report: ReportDefinition<unknown>; row: AnyRow }) {
  const [first] = report.columns;
  return (
    <Stack gap="sm">
      <Stack gap={0}>
        <Text fw={600}>{report.heading(row)}</Text>
        {report.titleColumns === 2 && first && (
          <Text size="xs" c="dimmed">
            {`${first.label} ${first.text(row)}`}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        {report.columns.slice(report.titleColumns).map((field) => (
          <Stack gap={0} key={field.label}>
            <Text component="dt" size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={500}>
              {field.cell ? field.cell(row) : field.text(row)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
