import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { dashboardsText as t } from '../../../i18n/dashboards';
import { formatCount } from '../../../lib/format';
import { StatusBadge } from '../../../components/status-badge';

/** `status` picks the colour; agents' suspended count reads and looks like Pending. */
export type StatusRow = { status: string; label: string; count: number };

/** An admin overview card: a total and one row per status, colour plus text. */
export function StatusCountsCard({
  title,
  icon: Icon,
  total,
  rows,
  loading,
}: {
  title: string;
  icon: TablerIcon;
  total: number;
  rows: StatusRow[];
  loading: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy={loading}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.03em' }}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {t.total}
          </Text>
          {loading ? (
            <Skeleton h={32} w={80} />
          ) : (
            <Text fw={700} fz={28} lh={1.2}>
              {formatCount(total)}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Stack gap={6} mt="md">
        {rows.map((row) => (
          <Group key={row.status} justify="space-between" wrap="nowrap">
            <StatusBadge status={row.status} label={row.label} />
            {loading ? (
              <Skeleton h={16} w={32} />
            ) : (
              <Text size="sm" fw={600}>
                {formatCount(row.count)}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
