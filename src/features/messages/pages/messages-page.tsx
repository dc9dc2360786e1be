/**
 * /dashboard/messages, for admins (the README's "Money and M-Pesa"): every SMS notice sent to
 * borrowers, newest first, filtered by status and days; a failed one says why.
 */
import { Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { lendersQuery } from '../../../api/lenders';
import { personName } from '../../../lib/names';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useState } from 'react';
import { ServerPagedTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { SmsStatusBadge } from '../../../components/sms-status-badge';
import { formatKenyanPhone } from '../../../domain/phone';
import { smsStatuses, type SmsStatus } from '../../../domain/sms';
import { messagesText as t } from '../../../i18n/messages';
import { useFailureToast } from '../../../lib/failure';
import { formatDateTime } from '../../../lib/format';
import { messagesQuery, type Message, type MessageFilters } from '../api/get-messages';

const PAGE_SIZE = 25;
const columns: MRT_ColumnDef<Message>[] = [
  {
    id: 'when',
    header: t.columns.when,
    size: 160,
    Cell: ({ row }) => formatDateTime(row.original.sentAt ?? row.original.createdAt),
  },
  {
    id: 'to',
    header: t.columns.to,
    size: 140,
    Cell: ({ row }) => formatKenyanPhone(row.original.phoneNumber),
  },
  {
    id: 'loan',
    header: t.columns.loan,
    size: 180,
    Cell: ({ row }) => (
      <Stack gap={0}>
        <Text ff="monospace" fz="xs" fw={700}>
          {row.original.loanCode ?? t.kinds[row.original.kind] ?? row.original.kind}
        </Text>
        <Text size="xs" c="dimmed">
          {row.original.businessName}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'kind',
    header: t.columns.kind,
    size: 130,
    Cell: ({ row }) => t.kinds[row.original.kind] ?? row.original.kind,
  },
  {
    id: 'status',
    header: t.columns.status,
    size: 150,
    Cell: ({ row }) => (
      <SmsStatusBadge status={row.original.status} failureReason={row.original.failureReason} />
    ),
  },
  {
    id: 'text',
    header: t.columns.text,
    size: 380,
    Cell: ({ row }) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.original.body}
      </Text>
    ),
  },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function MessagesPage() {
  const [filters, setFilters] = useState<MessageFilters>({});
  const [page, setPage] = useState(1);
  const messages = useQuery(messagesQuery(filters, page, PAGE_SIZE));
  useFailureToast(messages.error, t.loadFailed);
  const lenders = useQuery(lendersQuery());
  const total = messages.data?.total ?? 0;

  function filter(next: MessageFilters) {
    setFilters((before) => ({ ...before, ...next }));
    setPage(1);
  }
  const day = (value: string) => (DAY.test(value) ? value : undefined);

  return (
    <Stack gap="lg">
      <PageHead title={t.title} description={t.subtitle} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <Select
          label={t.statusFilter}
          placeholder={t.allStatuses}
          data={smsStatuses.map((status) => ({
            value: status,
            label: t.statuses[status] ?? status,
          }))}
          value={filters.status ?? null}
          onChange={(value) => filter({ status: (value as SmsStatus | null) ?? undefined })}
          clearable
          size="md"
        />
        <Select
          label={t.lenderFilter}
          placeholder={t.allLenders}
          data={(lenders.data ?? []).map((lender) => ({
            value: String(lender.id),
            label: personName(lender) || lender.email,
          }))}
          value={filters.lenderId === undefined ? null : String(filters.lenderId)}
          onChange={(value) => filter({ lenderId: value ? Number(value) : undefined })}
          searchable
          clearable
          size="md"
        />
        <TextInput
          label={t.fromFilter}
          type="date"
          size="md"
          value={filters.from ?? ''}
          onChange={(event) => filter({ from: day(event.currentTarget.value) })}
        />
        <TextInput
          label={t.toFilter}
          type="date"
          size="md"
          value={filters.to ?? ''}
          onChange={(event) => filter({ to: day(event.currentTarget.value) })}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" aria-live="polite">
        {messages.data ? t.total(total) : '\u00a0'}
      </Text>
      <ServerPagedTable
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={setPage}
        columns={columns}
        data={messages.data?.data}
        loading={messages.isLoading}
        error={messages.error}
        onRetry={() => void messages.refetch()}
        emptyText={t.noMessages}
        getRowId={(message) => String(message.id)}
        renderCard={(message) => (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{t.kinds[message.kind] ?? message.kind}</Text>
              <SmsStatusBadge status={message.status} failureReason={message.failureReason} />
            </Group>
            <Text size="sm">{message.body}</Text>
            <Text size="xs" c="dimmed">
              {message.loanCode ?? t.kinds[message.kind] ?? message.kind} ·{' '}
              {formatKenyanPhone(message.phoneNumber)} ·{' '}
              {formatDateTime(message.sentAt ?? message.createdAt)}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  );
}
