/**
 * /dashboard/outbox, for agents (docs/architecture.md §7): what waits to be sent, what is being
 * sent and what needs attention, the storage the phone gives the app, and the last
 * successful sync. A refused item can be retried, edited in the form it was made with
 * (`repairForms`, given by src/app) or discarded (after confirming).
 */
import { Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconCloudUpload,
  IconDatabase,
  IconRefresh,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FigureCard } from '../../../components/figure-card';
import { PageHead } from '../../../components/page-head';
import { offlineText as t } from '../../../i18n/offline';
import { megabytes } from '../../../lib/file-size';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { offlineDb, type OutboxItem } from '../../../offline/db';
import { countItems, discardItem, retryItem } from '../../../offline/outbox';
import type { OutboxRepairForms } from '../../../offline/repair';
import { requestSync } from '../../../offline/sync-runtime';
import { useLastSync, useOutboxItems } from '../../../offline/use-outbox';
import { OutboxItemCard } from '../components/outbox-item-card';
import { RepairItemDialog } from '../components/repair-item-dialog';

type Storage = { used: number; quota: number; persisted: boolean } | null;

function useStorage(items: OutboxItem[]): Storage {
  const [storage, setStorage] = useState<Storage>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
      const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
      if (live && estimate?.quota)
        setStorage({ used: estimate.usage ?? 0, quota: estimate.quota, persisted });
    })();
    return () => {
      live = false;
    };
  }, [items.length]);
  return storage;
}

export function OutboxPage({ repairForms }: { repairForms: OutboxRepairForms }) {
  const { user } = useSession();
  const loaded = useOutboxItems(user?.id);
  const items = loaded ?? [];
  const counts = countItems(items);
  const lastSync = useLastSync();
  const storage = useStorage(items);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);

  const retry = async (item: OutboxItem, request?: OutboxItem['request']) => {
    await retryItem(offlineDb, item.id, request);
    requestSync();
  };

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={
          <Button size="md" leftSection={<IconRefresh size={18} />} onClick={requestSync}>
            {t.syncNow}
          </Button>
        }
      />
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <FigureCard
          title={t.counts.waiting}
          icon={IconClockHour4}
          narrow
          value={String(counts.waiting)}
          loading={false}
        />
        <FigureCard
          title={t.counts.sending}
          icon={IconSend}
          narrow
          value={String(counts.sending)}
          loading={false}
        />
        <FigureCard
          title={t.counts.needsAttention}
          icon={IconAlertTriangle}
          narrow
          value={String(counts.needsAttention)}
          loading={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FigureCard
          title={t.storageUsed}
          icon={IconDatabase}
          value={
            storage
              ? t.storageOf(`${megabytes(storage.used)} MB`, `${megabytes(storage.quota)} MB`)
              : '—'
          }
          caption={
            storage ? (storage.persisted ? t.persistent : t.notPersistent) : t.storageUnknown
          }
          loading={false}
        />
        <FigureCard
          title={t.lastSync}
          icon={IconCloudUpload}
          value={lastSync ? formatDateTime(lastSync) : t.never}
          loading={false}
        />
      </SimpleGrid>
      {!loaded ? (
        <Skeleton h={96} radius="md" />
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <OutboxItemCard
              key={item.id}
              item={item}
              onRetry={() => void retry(item)}
              onEdit={() => setEditing(item)}
              onDiscard={() => setDiscarding(item)}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <RepairItemDialog
          item={editing}
          forms={repairForms}
          onClose={() => setEditing(null)}
          onSave={(request) => {
            setEditing(null);
            void retry(editing, request);
          }}
        />
      )}
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={t.discardTitle}
        size={500}
        centered
      >
        <Stack gap="md">
          <Text>{discarding ? t.discardText(discarding.label) : ''}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => setDiscarding(null)}>
              {t.cancel}
            </Button>
            <Button
              color="red"
              size="md"
              onClick={() => {
                if (discarding) void discardItem(offlineDb, discarding.id);
                setDiscarding(null);
                notifySuccess(t.title, t.discarded);
              }}
            >
              {t.discardConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
