/**
 * The borrower's data rights on the borrower's page, for the lender (Data Protection Act
 * 2019): a copy of everything held about the borrower as one ZIP, and erasure of the
 * personal data once every loan is closed, after a confirmation in place that says what goes.
 * Both are mutations (docs/architecture.md §8); the erasure's hook reloads every loan and
 * borrower read.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogButtons } from './dialog-buttons';
import { FailureAlert } from './failure-alert';
import { borrowersText as t } from '../i18n/borrowers';
import { failureMessage } from '../lib/failure';
import { notifySuccess } from '../lib/notify';
import { useDownloadBorrowerData, useEraseBorrower } from '../api/borrower-data';

export function BorrowerDataRights({
  borrowerId,
  name,
  onErased,
}: {
  borrowerId: number;
  name: string;
  /** What follows an erasure on the caller's screen (closing its dialog). */
  onErased: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const download = useDownloadBorrowerData(borrowerId);
  const erase = useEraseBorrower(borrowerId, {
    onSuccess: (answer) => {
      setConfirming(false);
      notifySuccess(t.erasedTitle, answer.message || t.erased);
      onErased();
    },
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.dataRightsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {t.dataRightsText}
        </Text>
        <FailureAlert
          title={t.downloadFailedTitle}
          message={download.error ? failureMessage(download.error) : null}
        />
        {confirming ? (
          <Alert color="red" variant="light" title={t.eraseTitle} role="alertdialog">
            <Stack gap="sm">
              <Text size="sm">{t.eraseWarning(name)}</Text>
              <FailureAlert
                title={t.eraseFailedTitle}
                message={erase.error ? failureMessage(erase.error) : null}
              />
              <DialogButtons
                label={t.eraseConfirm}
                busyLabel={t.erasing}
                busy={erase.isPending}
                color="red"
                onCancel={() => setConfirming(false)}
                onConfirm={() => erase.mutate()}
              />
            </Stack>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => download.mutate()}
            loading={download.isPending}
            loaderProps={{ 'aria-label': t.downloadingData }}
          >
            {t.downloadData}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            disabled={confirming}
            onClick={() => {
              erase.reset();
              setConfirming(true);
            }}
          >
            {t.eraseData}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
