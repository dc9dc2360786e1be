/**
 * Edit before sending again: the server's sentence, then the form the item was first made
 * with (`forms`, one per kind, from src/app), prefilled from the item. Saving hands the
 * corrected request to `onSave`; the item keeps its id and its place in the outbox.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { offlineText as t } from '../../../i18n/offline';
import { offlineDb, type OutboxItem, type OutboxRequest } from '../../../offline/db';
import { requestToRepair, type OutboxRepairForms } from '../../../offline/repair';

/** The item as its form starts from it: its references read again (requestToRepair). */
function useItemToRepair(item: OutboxItem): OutboxItem | null {
  const [ready, setReady] = useState<OutboxItem | null>(null);
  useEffect(() => {
    let live = true;
    void requestToRepair(offlineDb, item.request).then((request) => {
      if (live) setReady({ ...item, request });
    });
    return () => {
      live = false;
    };
  }, [item]);
  return ready;
}

export function RepairItemDialog({
  item,
  forms,
  onClose,
  onSave,
}: {
  item: OutboxItem;
  forms: OutboxRepairForms;
  onClose: () => void;
  onSave: (request: OutboxRequest) => void;
}) {
  const ready = useItemToRepair(item);
  const Form = forms[item.kind];
  const loading = <Loader size="sm" aria-label={t.editLoading} mx="auto" my="md" />;
  return (
    <AppModal title={t.editTitle} size={800} onClose={onClose}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>{item.label}</Text>
          <Text size="sm" c="dimmed">
            {t.editText}
          </Text>
        </Stack>
        <FailureAlert title={t.refusedTitle} message={item.lastError} />
        <Suspense fallback={loading}>
          {ready ? <Form item={ready} onCancel={onClose} onSave={onSave} /> : loading}
        </Suspense>
      </Stack>
    </AppModal>
  );
}
