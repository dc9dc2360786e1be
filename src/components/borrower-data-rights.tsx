/**
 * The borrower's data rights on the borrower's page, for the lender (Data Protection Act
 * 2019): a copy of everything held about the borrower as one ZIP, and erasure of the
 * personal data once every loan is closed, after a confirmation in place that says what goes.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogButtons } from './dialog-buttons';
import { FailureAlert } from './failure-alert';
import { borrowersText as t } from '../i18n/borrowers';
import { failureMessage } from '../lib/failure';
import { notifySuccess } from '../lib/notify';
import { downloadBorrowerData, eraseBorrower } from '../api/borrower-data';

export function BorrowerDataRights({
  borrowerId,
  name,
  onErased,
}: {
  borrowerId: number;
  name: string;
  onErased: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadBorrowerData(borrowerId);
    } catch (error) {
      setDownloadError(failureMessage(error));
    } finally {
      setDownloading(false);
    }
  }

  async function erase() {
    setErasing(true);
    setEraseError(null);
    try {
      const answer = await eraseBorrower(borrowerId);
      setConfirming(false);
      notifySuccess(t.erasedTitle, answer.message || t.erased);
      onErased();
    } catch (error) {
      setEraseError(failureMessage(error));
    } finally {
      setErasing(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.dataRightsTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {t.dataRightsText}
        </Text>
        <FailureAlert title={t.downloadFailedTitle} message={downloadError} />
        {confirming ? (
          <Alert color="red" variant="light" title={t.eraseTitle} role="alertdialog">
            <Stack gap="sm">
              <Text size="sm">{t.eraseWarning(name)}</Text>
              <FailureAlert title={t.eraseFailedTitle} message={eraseError} />
              <DialogButtons
                label={t.eraseConfirm}
                busyLabel={t.erasing}
                busy={erasing}
                color="red"
                onCancel={() => setConfirming(false)}
                onConfirm={() => void erase()}
              />
            </Stack>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => void download()}
            loading={downloading}
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
              setEraseError(null);
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
