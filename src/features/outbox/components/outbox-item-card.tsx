/** One outbox item: what it is, its state, why the server refused it, and what to do. */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { offlineText as t } from '../../../i18n/offline';
import { formatDateTime } from '../../../lib/format';
import type { OutboxItem } from '../../../offline/db';

const statusColors: Record<string, string> = {
  waiting: 'blue',
  sending: 'cyan',
  needsAttention: 'red',
};

export function OutboxItemCard({
  item,
  onRetry,
  onEdit,
  onDiscard,
}: {
  item: OutboxItem;
  onRetry: () => void;
  onEdit: () => void;
  onDiscard: () => void;
}) {
  const parked = item.status === 'needsAttention';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={item.label}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {item.label}
          </Text>
          <Badge
            variant="dot"
            color={statusColors[item.status] ?? 'gray'}
            tt="none"
            size="md"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {t.statuses[item.status] ?? item.status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t.kinds[item.kind] ?? item.kind} · {formatDateTime(item.createdAt)}
          {item.attempts > 0 ? ` · ${t.attempts(item.attempts)}` : ''}
          {item.status === 'waiting' && item.nextAttemptAt > 0
            ? ` · ${t.nextAttempt(formatDateTime(item.nextAttemptAt))}`
            : ''}
        </Text>
        {item.lastError && (
          <Text size="sm" c={parked ? 'red' : 'dimmed'} role={parked ? 'alert' : undefined}>
            {item.lastError}
          </Text>
        )}
        {parked && (
          <Group gap="sm" mt={4}>
            <Button size="sm" onClick={onRetry}>
              {t.retry}
            </Button>
            <Button size="sm" variant="default" onClick={onEdit}>
              {t.edit}
            </Button>
            <Button size="sm" variant="subtle" color="red" onClick={onDiscard}>
              {t.discard}
            </Button>
          </Group>
        )}
        {item.status === 'waiting' && (
          <Group gap="sm" mt={4}>
            <Button size="sm" variant="subtle" color="red" onClick={onDiscard}>
              {t.discard}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
