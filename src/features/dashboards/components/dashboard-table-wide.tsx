/**
 * A dashboard list as a table, from `sm` up (dashboard-table.tsx loads it there only: Mantine's
 * Table brings its ScrollArea and floating-ui, which a phone showing cards never needs).
 */
import { Box, Table } from '@mantine/core';
import type { Column } from './dashboard-table';

export function DashboardTableWide<Row>({
  title,
  rows,
  rowKey,
  columns,
  height,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: Column<Row>[];
  height: number;
}) {
  return (
    <Box h={height} style={{ overflow: 'auto' }}>
      <Table stickyHeader striped highlightOnHover miw={640} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
