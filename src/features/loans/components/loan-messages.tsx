/**
 * The SMS notices sent to the borrower about one loan (the README's "Money and M-Pesa"), in
 * the lender's loan details: what each said, when, and whether it arrived.
 */
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert';
import { SmsStatusBadge } from '../../../components/sms-status-badge';
import { messagesText as t } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { loanMessagesQuery } from '../api/get-loan-messages';

export function LoanMessages({ loanId }: { loanId: number }) {
  const messages = useQuery(loanMessagesQuery(loanId));
  if (messages.error) return <FailureAlert message={t.loanMessagesFailed} />;
  if (!messages.data) return <Skeleton height={60} aria-busy="true" />;
  if (messages.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.loanMessagesEmpty}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {messages.data.map((message) => (
        <Paper key={message.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {t.kinds[message.kind] ?? message.kind}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {formatDateTime(message.sentAt ?? message.createdAt)}
              </Text>
              <SmsStatusBadge status={message.status} />
            </Group>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
          {message.status === 'failed' && message.failureReason && (
            <Text size="xs" c="red" mt={4}>
              {t.failedBecause(message.failureReason)}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
