/**
 * Approvals (/dashboard/admin/approvals): the acts on money at or above the platform's
 * threshold that wait for a second administrator — who proposed what, for how much, when —
 * with Approve and Reject, each asking first. The proposer sees their own and may withdraw
 * it, never approve it.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { TwoLines } from '../../../components/two-lines';
import type { Approval } from '../../../domain/approvals';
import { approvalActions, approvalsScreenText as t } from '../../../i18n/approvals';
import { useFailureToast } from '../../../lib/failure';
import { formatDateTime, formatKes, orNA } from '../../../lib/format';
import { approvalsQuery } from '../api/get-approvals';
import { DecideApprovalDialog, type ApprovalAnswer } from '../components/decide-approval-dialog';

type Deciding = { approval: Approval; answer: ApprovalAnswer };

/** The act and what it carries: the payment, the business or phone, the reason. */
function What({ approval }: { approval: Approval }) {
  const details = [
    approval.businessName && t.toBusiness(approval.businessName),
    approval.phoneNumber && t.toPhone(approval.phoneNumber),
    approval.receipt && t.receiptOf(approval.receipt),
    approval.reason && t.reasonOf(approval.reason),
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {approvalActions[approval.action]}
      </Text>
      <Text size="sm" ff="monospace">
        {approval.subject}
      </Text>
      {details.map((detail) => (
        <Text key={detail as string} size="xs" c="dimmed">
          {detail}
        </Text>
      ))}
    </Stack>
  );
}

function Actions({
  approval,
  onDecide,
  fullWidth = false,
}: {
  approval: Approval;
  onDecide: (deciding: Deciding) => void;
  fullWidth?: boolean;
}) {
  const act = `${approvalActions[approval.action]} ${approval.subject}`;
  if (approval.mine) {
    return (
      <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-start'}>
        <Text size="xs" c="dimmed">
          {t.yours}
        </Text>
        <Button
          size="sm"
          mih={44}
          variant="default"
          onClick={() => onDecide({ approval, answer: 'reject' })}
          aria-label={t.rejectNamed(act)}
        >
          {t.withdraw}
        </Button>
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" grow={fullWidth}>
      <Button
        size="sm"
        mih={44}
        onClick={() => onDecide({ approval, answer: 'approve' })}
        aria-label={t.approveNamed(act)}
      >
        {t.approve}
      </Button>
      <Button
        size="sm"
        mih={44}
        variant="light"
        color="red"
        onClick={() => onDecide({ approval, answer: 'reject' })}
        aria-label={t.rejectNamed(act)}
      >
        {t.reject}
      </Button>
    </Group>
  );
}

export function ApprovalsPage() {
  const approvals = useQuery(approvalsQuery());
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  useFailureToast(approvals.error, t.loadFailed);

  const columns = useMemo<MRT_ColumnDef<Approval>[]>(
    () => [
      {
        id: 'act',
        header: t.columns.act,
        size: 260,
        accessorFn: (row) => approvalActions[row.action],
        Cell: ({ row }) => <What approval={row.original} />,
      },
      {
        accessorKey: 'amount',
        header: t.columns.amount,
        size: 130,
        Cell: ({ cell }) => formatKes(cell.getValue<number>()),
        mantineTableHeadCellProps: { align: 'right' },
        mantineTableBodyCellProps: { align: 'right', style: { whiteSpace: 'nowrap' } },
      },
      {
        id: 'proposedBy',
        header: t.columns.proposedBy,
        size: 200,
        accessorFn: (row) => row.proposedBy ?? '',
        Cell: ({ row }) => (
          <TwoLines
            main={orNA(row.original.proposedBy)}
            detail={formatDateTime(row.original.proposedAt)}
          />
        ),
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 220,
        Cell: ({ row }) => <Actions approval={row.original} onDecide={setDeciding} />,
      },
    ],
    [],
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={() => void approvals.refetch()} />}
      />
      <ListTable
        columns={columns}
        data={approvals.data}
        loading={approvals.isLoading}
        error={approvals.error}
        onRetry={() => void approvals.refetch()}
        emptyText={t.empty}
        getRowId={(row) => String(row.id)}
        renderCard={(approval) => (
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <What approval={approval} />
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatKes(approval.amount)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {orNA(approval.proposedBy)} · {formatDateTime(approval.proposedAt)}
            </Text>
            <Actions approval={approval} onDecide={setDeciding} fullWidth />
          </Stack>
        )}
        showMoreLabel={t.showMore}
      />
      {deciding && (
        <DecideApprovalDialog
          key={`${deciding.approval.id}-${deciding.answer}`}
          approval={deciding.approval}
          answer={deciding.answer}
          onClose={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}
