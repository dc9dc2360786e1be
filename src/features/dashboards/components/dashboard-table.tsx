/**
 * A dashboard list: 400px high and scrolling; a table from `sm` up,
 * the same rows as cards on phones (docs/architecture.md §8), a skeleton while loading and
 * an empty state that says what to do next. A phone draws only the cards, and the table's code
 * loads only where it is drawn (the agent's first screen on a phone:
 * the README's "Performance").
 */
import {
  Badge,
  Box,
  Card,
  Center,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { usePhone } from '../../../lib/use-phone';
import { lazy, Suspense, type ReactNode } from 'react';
import { commonText } from '../../../i18n/common';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { DrawnWhen } from '../../../components/drawn-when';
import { IconInbox } from '@tabler/icons-react';
import type { DashboardTableWide as Wide } from './dashboard-table-wide';

const height = 400;
/** Cards drawn with the screen: what a phone's 400 px box shows, and one more. */
const FIRST_CARDS = 5;

// lazy() forgets that the table is generic in its rows; it is the same component.
const DashboardTableWide = lazy(async () => ({
  default: (await import('./dashboard-table-wide')).DashboardTableWide,
})) as unknown as typeof Wide;

/** Six grey rows where the list will be. */
function Rows() {
  return (
    <Stack gap="xs" px="lg" pb="lg" h={height} aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={44} radius="sm" />
      ))}
    </Stack>
  );
}

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
  const phone = usePhone();
  const cards = useProgressiveCount(rows.length, FIRST_CARDS);
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
        <Rows />
      ) : rows.length === 0 ? (
        <Center h={height} px="lg">
          <Stack align="center" gap="xs" ta="center" maw={360}>
            <IconInbox size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">{emptyText}</Text>
          </Stack>
        </Center>
      ) : phone ? (
        <Box h={height} style={{ overflow: 'auto' }}>
          <Stack gap="xs" px="md" pb="md" role="list" aria-label={title}>
            {rows.slice(0, cards).map((row) => (
              // Drawn once, not again for each step of cards the list adds.
              <DrawnWhen key={rowKey(row)} deps={[row, renderCard]}>
                {() => (
                  <Paper withBorder radius="md" p="sm" role="listitem">
                    {renderCard(row)}
                  </Paper>
                )}
              </DrawnWhen>
            ))}
          </Stack>
        </Box>
      ) : (
        <Suspense fallback={<Rows />}>
          <DashboardTableWide
            title={title}
            rows={rows}
            rowKey={rowKey}
            columns={columns}
            height={height}
          />
        </Suspense>
      )}
    </Card>
  );
}
