/**
 * Audit logs (/dashboard/audit-logs): administrators' actions on
 * lenders — who, what, when, on which lender — newest first, a page at a time.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ServerPagedTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { StatusBadge } from '../../../components/status-badge';
import { adminText as t } from '../../../i18n/admin';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { auditLogsQuery } from '../../../api/audit-logs';
import type { AuditEntry } from '../../../domain/admin';
import { useFailureToast } from '../../../lib/failure';

const PAGE_SIZE = 20;

function actionLabel(entry: AuditEntry): string {
  return t.auditActions[entry.action] ?? entry.action;
}

function LenderLink({ entry }: { entry: AuditEntry }) {
  const { subjectId } = entry;
  const label =
    entry.subjectEmail ?? (subjectId === null ? '' : t.auditSubject(entry.subjectType, subjectId));
  if (entry.subjectType !== 'lender' || subjectId === null) return <Text size="sm">{label}</Text>;
  return (
    <Anchor component={Link} to={paths.dashboard.approveLenderReview(subjectId)} size="sm">
      {label}
    </Anchor>
  );
}

/** What happened: the action, the status change, and a rejection's reason. */
function What({ entry }: { entry: AuditEntry }) {
  const { from, to, reason, proposedBy, approvedBy, rejectedBy } = entry.details ?? {};
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {actionLabel(entry)}
        </Text>
        {to && <StatusBadge status={to} label={from ? t.statusChange(from, to) : to} />}
      </Group>
      {reason && (
        <Text size="sm" c="dimmed">
          {t.auditReason(reason)}
        </Text>
      )}
      {proposedBy && (
        <Text size="sm" c="dimmed">
          {t.auditTwoAdmins(proposedBy, approvedBy ?? rejectedBy ?? null)}
        </Text>
      )}
    </Stack>
  );
}

const columns: MRT_ColumnDef<AuditEntry>[] = [
  {
    id: 'when',
    header: t.columns.when,
    size: 180,
    accessorFn: (entry) => entry.at,
    Cell: ({ row }) => formatDateTime(row.original.at),
  },
  {
    id: 'who',
    header: t.columns.who,
    size: 220,
    accessorFn: (entry) => entry.actorEmail ?? t.unknownActor,
  },
  {
    id: 'what',
    header: t.columns.what,
    size: 280,
    Cell: ({ row }) => <What entry={row.original} />,
  },
  {
    id: 'lender',
    header: t.columns.lender,
    size: 260,
    Cell: ({ row }) => <LenderLink entry={row.original} />,
  },
];

export function AuditLogsPage() {
  const [page, setPage] = useState(1);
  const logs = useQuery(auditLogsQuery(page, PAGE_SIZE));
  useFailureToast(logs.error, t.auditFetchFailed);

  return (
    <Stack gap="lg">
      <PageHead title={t.auditTitle} description={t.auditSubtitle} />
      <ServerPagedTable
        page={page}
        pageSize={PAGE_SIZE}
        total={logs.data?.total ?? 0}
        onPage={setPage}
        columns={columns}
        data={logs.data?.data}
        loading={logs.isLoading}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        emptyText={t.noAudit}
        getRowId={(entry) => String(entry.id)}
        renderCard={(entry) => (
          <Stack gap={6}>
            <What entry={entry} />
            <LenderLink entry={entry} />
            <Text size="sm" c="dimmed">
              {t.auditByline(entry.actorEmail ?? t.unknownActor, formatDateTime(entry.at))}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  );
}
