/** Where an SMS notice is (queued, sending, sent, delivered, failed), and why a failed one failed. */
import { Badge, Stack, Text } from '@mantine/core';
import type { SmsStatus } from '../domain/sms';
import { messagesText as t } from '../i18n/messages';

const colors: Record<SmsStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  delivered: 'teal',
  failed: 'red',
};

export function SmsStatusBadge({
  status,
  failureReason,
}: {
  status: SmsStatus;
  /** Shown under a failed message's badge. */
  failureReason?: string | null;
}) {
  const badge = (
    <Badge variant="light" color={colors[status] ?? 'gray'} tt="none">
      {t.statuses[status] ?? status}
    </Badge>
  );
  if (status !== 'failed' || !failureReason) return badge;
  return (
    <Stack gap={2}>
      {badge}
      <Text size="xs" c="red">
        {t.failedBecause(failureReason)}
      </Text>
    </Stack>
  );
}
