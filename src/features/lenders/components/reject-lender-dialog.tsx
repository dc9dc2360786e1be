/**
 * Rejecting an application with a reason: the field is labelled
 * optional, yet an empty reason is refused with "Please provide a reason for rejection".
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { lendersText } from '../../../i18n/lenders';

const t = lendersText.adminScreens;
const MAX_REASON_LENGTH = 1000;

export function RejectLenderDialog({
  opened,
  lenderName,
  busy,
  error,
  onClose,
  onReject,
}: {
  opened: boolean;
  lenderName: string;
  busy: boolean;
  /** The server's sentence when the last attempt failed. */
  error: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    onReject(trimmed);
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={t.rejectTitle}
      size={500}
      fullScreen={phone}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.rejectText(lenderName)}
          </Text>
          {error && (
            <Alert color="red" variant="light" title={lendersText.rejectFailed}>
              {error}
            </Alert>
          )}
          <Textarea
            label={t.reasonLabel}
            placeholder={t.reasonPlaceholder}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (missing) setMissing(false);
            }}
            error={missing ? lendersText.rejectionReasonRequired : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} mih={44}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red.9" disabled={busy} mih={44}>
              {busy ? t.rejecting : t.reject}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
