/**
 * The SMS notices sent to the borrower about one loan (issue 17 "Message screens"), in
 * the lender's loan details: what each said, when, and whether it arrived.
 */
import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert';
import { messagesText as t } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { getLoanMessages, type LoanMessage } from '../api/get-loan-messages';

const statusColors: Record<string, string> = {
  delivered: 'teal',
  sent: 'teal',
  failed: 'red',
  queued: 'gray',
  sending: 'blue',
};

export function MessageStatus({ message }: { message: Pick<LoanMessage, 'status'> }) {
  return (
    <Badge variant="light" color={statusColors[message.status] ?? 'gray'} tt="none">
      {t.statuses[message.status] ?? message.status}
    </Badge>
  );
}

export function LoanMessages({ loanId }: { loanId: number }) {
  const messages = useApiQuery(`loan-messages:${loanId}`, () => getLoanMessages(loanId));
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
              <MessageStatus message={message} />
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
