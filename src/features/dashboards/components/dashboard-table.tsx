/**
 * A dashboard list (the spec's "Dashboards"): 400px high and scrolling; a table from `sm` up,
 * the same rows as cards on phones (docs/architecture.md §8), a skeleton while loading and
 * an empty state that says what to do next.
 */
import {
  Badge,
  Box,
  Card,
  Center,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { commonText } from '../../../i18n/common';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const height = 400;

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

export function DashboardTable<Row>({
  title,
  rows,
  total = rows.length,
  rowKey,
  columns,
  renderCard,
  loading,
  emptyText,
}: {
  title: string;
  rows: Row[];
  /** How many there are in all, when the rows are only the newest of them. */
  total?: number;
  rowKey: (row: Row) => string | number;
  columns: Column<Row>[];
  renderCard: (row: Row) => ReactNode;
  loading: boolean;
  emptyText: string;
}) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" px="lg" py="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {!loading && total > 0 && (
          <Badge variant="light" color="gray" size="lg">
            {total > rows.length ? commonText.newestOf(rows.length, total) : total}
          </Badge>
        )}
      </Group>
      {loading ? (
        <Stack gap="xs" px="lg" pb="lg" h={height} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Center h={height} px="lg">
          <Stack align="center" gap="xs" ta="center" maw={360}>
            <IconInbox size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">{emptyText}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          <Box visibleFrom="sm">
            <ScrollArea h={height} type="auto">
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
            </ScrollArea>
          </Box>
          <Box hiddenFrom="sm">
            <ScrollArea h={height} type="auto">
              <Stack gap="xs" px="md" pb="md" role="list" aria-label={title}>
                {rows.map((row) => (
                  <Paper key={rowKey(row)} withBorder radius="md" p="sm" role="listitem">
                    {renderCard(row)}
                  </Paper>
                ))}
              </Stack>
            </ScrollArea>
          </Box>
        </>
      )}
    </Card>
  );
}
