import { memo } from 'react';
/**
 * Is this phone ready to work with no signal? (docs/architecture.md §7) The agent's dashboard
 * shows the card: Ready offline or not, when it last synced, what it keeps, the storage, a
 * plain warning when it is not ready, and Sync now. The agent menu shows the line.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Menu as MenuType } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { workingSetText as t } from '../i18n/working-set';
import { formatFileSize } from '../lib/file-size';
import { formatCount, formatDateTime } from '../lib/format';
import type { WorkingSetCounts } from '../domain/working-set';
import { workingSetRecordKinds } from '../domain/working-set-kinds';
import {
  useWorkingSetStatus,
  type Readiness,
  type WorkingSetStatus,
} from '../offline/working-set/use-status';

function warningText(warning: Readiness): string {
  switch (warning.kind) {
    case 'never':
      return t.warningNever;
    case 'filling':
      return t.warningFilling;
    case 'stale':
      return t.warningStale;
    case 'updateApp':
      return t.warningUpdateApp;
    case 'problem': {
      const { problem } = warning;
      if (problem.kind === 'offline') return t.warningOffline;
      if (problem.kind === 'server') return t.warningServer(problem.message);
      if (problem.kind === 'counts')
        return t.warningLists(problem.lists.map((list) => t.lists[list] ?? list).join(', '));
      return problem.quota ? t.warningStorageFull : t.warningStorageRefused;
    }
  }
}

/** "1,564 borrowers · 3,120 loans · …" */
export function keptText(counts: WorkingSetCounts): string {
  // A ledger per loan (for its statement) is part of the loan, not a list of its own.
  return workingSetRecordKinds
    .filter((kind) => kind !== 'ledgers')
    .map((kind) => t.counts[kind](formatCount(counts[kind]), counts[kind] === 1))
    .join(' · ');
}

export function ReadinessBadge({ status }: { status: WorkingSetStatus }) {
  return (
    <Badge
      variant="light"
      color={status.ready ? 'teal' : 'orange'}
      size="lg"
      tt="none"
      leftSection={status.ready ? <IconCircleCheck size={14} /> : <IconAlertTriangle size={14} />}
      // A badge cuts its label off at one line; in a narrow menu the longer Kiswahili wraps.
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {status.ready ? t.ready : t.notReady}
    </Badge>
  );
}

export function lastSyncedText(status: WorkingSetStatus): string {
  return status.lastSyncAt ? t.lastSynced(formatDateTime(status.lastSyncAt)) : t.neverSynced;
}

/**
 * The dashboard's Ready offline card. Memoised: the dashboard's figures arriving one by one
 * drew it again each time.
 */
export const OfflineReadinessCard = memo(function OfflineReadinessCard({
  userId,
}: {
  userId: number;
}) {
  const status = useWorkingSetStatus(userId);
  if (!status.loaded) return null;
  const serious = status.warnings.some((w) => w.kind === 'problem' && w.problem.kind === 'storage');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="offline-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text id="offline-title" fw={700} size="lg">
              {t.title}
            </Text>
            <ReadinessBadge status={status} />
          </Group>
          <Button
            size="md"
            variant="light"
            leftSection={<IconRefresh size={18} />}
            loading={status.syncing}
            loaderProps={{ type: 'dots' }}
            onClick={status.syncNow}
            w={{ base: '100%', xs: 'auto' }}
          >
            {status.syncing ? t.syncing : t.syncNow}
          </Button>
        </Group>
        <Text size="sm" data-testid="last-synced">
          {lastSyncedText(status)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t.kept}:
          </Text>{' '}
          <span data-testid="kept-counts">{keptText(status.counts)}</span>
        </Text>
        {status.storage && (
          <Text size="sm" c="dimmed">
            {t.storage(formatFileSize(status.storage.used))}.{' '}
            {status.storage.persisted ? t.persistent : t.notPersistent}
          </Text>
        )}
        {status.warnings.length > 0 && (
          <Stack gap={4} role={serious ? 'alert' : 'status'}>
            {status.warnings.map((warning) => (
              <Group key={JSON.stringify(warning)} gap={8} wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={18}
                  aria-hidden
                  color={`var(--mantine-color-${serious ? 'red' : 'orange'}-text)`}
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="sm">{warningText(warning)}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
});

/**
 * The agent menu's lines: Ready offline (or not) with the last sync, and Sync now. Mantine's
 * Menu comes from the shell's deferred overlays, which only the menu's opening loads.
 */
export function OfflineMenuItems({ userId, Menu }: { userId: number; Menu: typeof MenuType }) {
  const status = useWorkingSetStatus(userId);
  return (
    <>
      <Menu.Label>{t.title}</Menu.Label>
      <Stack gap={4} px="sm" pb="xs" data-testid="menu-readiness">
        <ReadinessBadge status={status} />
        <Text size="xs" c="dimmed">
          {lastSyncedText(status)}
        </Text>
      </Stack>
      <Menu.Item
        leftSection={<IconRefresh size={16} />}
        onClick={status.syncNow}
        closeMenuOnClick={false}
        disabled={status.syncing}
      >
        {status.syncing ? t.syncing : t.syncNow}
      </Menu.Item>
    </>
  );
}
