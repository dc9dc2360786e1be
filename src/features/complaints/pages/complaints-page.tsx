/**
 * /dashboard/complaints (the README's "Complaints"): an agent records complaints (AgentComplaints);
 * a lender works its businesses' queue, overdue ones marked; administrators see every
 * lender's register, the report (counts by category, time to resolve, overdue) and export it
 * as CSV.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { complaintStatuses, type ComplaintStatus } from '../../../domain/complaints';
import { formatKenyanPhone } from '../../../domain/phone';
import { complaintsText as t } from '../../../i18n/complaints';
import { notifyFailure } from '../../../lib/failure';
import { formatDate, formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { complaintReportQuery, complaintsQuery, useDownloadComplaintsCsv } from '../api/complaints';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { AgentComplaints } from './agent-complaints';

export function ComplaintsPage() {
  const { user } = useSession();
  if (user?.role === 'agent') return <AgentComplaints />;
  return <ComplaintsQueue admin={user?.role === 'admin' || user?.role === 'super_admin'} />;
}

function ComplaintsQueue({ admin }: { admin: boolean }) {
  const [status, setStatus] = useState<ComplaintStatus | null>(null);
  const list = useQuery(complaintsQuery(status));
  const csv = useDownloadComplaintsCsv({
    onError: (error) => notifyFailure(t.exportCsv, error),
  });
  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={admin ? t.adminSubtitle : t.queueSubtitle}
        action={
          <Button variant="default" onClick={() => csv.mutate()} loading={csv.isPending}>
            {t.exportCsv}
          </Button>
        }
      />
      <ComplaintReportCards />
      <SegmentedControl
        aria-label={t.statusFilter}
        value={status ?? 'all'}
        onChange={(value) => setStatus(value === 'all' ? null : (value as ComplaintStatus))}
        data={[
          { value: 'all', label: t.allStatuses },
          ...complaintStatuses.map((value) => ({ value, label: t.statuses[value] })),
        ]}
      />
      {list.isError ? (
        <FailureAlert message={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data && !list.data.length ? (
        <Text c="dimmed">{t.noneInQueue}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.reference}</Table.Th>
                <Table.Th>{t.columns.received}</Table.Th>
                <Table.Th>{t.columns.borrower}</Table.Th>
                <Table.Th>{t.columns.business}</Table.Th>
                <Table.Th>{t.columns.category}</Table.Th>
                <Table.Th>{t.columns.channel}</Table.Th>
                <Table.Th>{t.columns.status}</Table.Th>
                <Table.Th>{t.columns.deadline}</Table.Th>
                <Table.Th>{t.columns.owner}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((c) => (
                <Table.Tr key={c.id} data-overdue={c.overdue || undefined}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.dashboard.complaint(c.id)} ff="monospace">
                      {c.reference}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(c.receivedAt)}</Table.Td>
                  <Table.Td>
                    {c.borrowerName ?? t.unassigned}
                    {c.phoneNumber && (
                      <Text size="xs" c="dimmed">
                        {formatKenyanPhone(c.phoneNumber)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{c.businessName}</Table.Td>
                  <Table.Td>{t.categories[c.category]}</Table.Td>
                  <Table.Td>{t.channels[c.channel]}</Table.Td>
                  <Table.Td>
                    <ComplaintStatusBadge status={c.status} overdue={c.overdue} />
                  </Table.Td>
                  <Table.Td>{formatDate(c.dueAt)}</Table.Td>
                  <Table.Td>{c.ownerName ?? t.unassigned}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** The report: totals, overdue, times to resolve, and the counts by category. */
function ComplaintReportCards() {
  const report = useQuery(complaintReportQuery());
  if (report.isError) return <FailureAlert message={t.reportFailed} />;
  const r = report.data;
  if (!r) return null;
  const hours = (value: number | null) =>
    value === null ? t.unresolvedHours : t.hours(value.toFixed(1));
  const open = r.byStatus
    .filter((s) => s.status === 'open' || s.status === 'in_progress')
    .reduce((sum, s) => sum + s.count, 0);
  return (
    <Stack gap="sm" data-testid="complaints-report">
      <Title order={2} size="h4">
        {t.report}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label={t.total} value={String(r.total)} />
        <Figure label={t.openCount} value={String(open)} />
        <Figure label={t.overdueCount} value={String(r.overdue)} />
        <Figure label={t.medianToResolve} value={hours(r.medianHoursToResolve)} />
        <Figure label={t.meanToResolve} value={hours(r.meanHoursToResolve)} />
      </SimpleGrid>
      <Group gap="lg">
        {r.byCategory.map((c) => (
          <Text key={c.category} size="sm">
            {t.categories[c.category]}: <strong>{c.count}</strong>
          </Text>
        ))}
        <Text size="sm">
          {t.resolvedLate}: <strong>{r.resolvedLate}</strong>
        </Text>
      </Group>
    </Stack>
  );
}
