/**
 * Unassigned payments (/dashboard/admin/unassigned-payments, docs/architecture.md §6): the M-Pesa
 * paybill payments no business can be credited with — paid to a shortcode nobody
 * registered, to a paybill not verified yet, or to the platform's paybill with an account
 * that is no loan code — and the anomalies M-Pesa could not have sent. The administrator
 * assigns a waiting one to a business (it goes to that business's Manual Match) or
 * refunds it to the payer; refunds and anomalies stay listed with their state.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { TwoLines } from '../../../components/two-lines';
import { ListTable } from '../../../components/list-table';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { StatusBadge } from '../../../components/status-badge';
import { formatKenyanPhone } from '../../../domain/phone';
import { approvalsScreenText } from '../../../i18n/approvals';
import { unassignedPaymentsText as t, unassignedReasons } from '../../../i18n/paybills';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import { useFailureToast } from '../../../lib/failure';
import { unassignedPaymentsQuery, type UnassignedPayment } from '../api/get-unassigned-payments';
import { AssignPaymentDialog } from '../components/assign-payment-dialog';
import { RefundPaymentDialog } from '../components/refund-payment-dialog';

/** Whose shortcode it is: the platform's, a business's (not verified then), or nobody's. */
function paidToWhom(payment: UnassignedPayment): string | null {
  if (payment.platformPaybill) return t.platform;
  return payment.paybillBusiness?.businessName ?? null;
}

function paidTo(payment: UnassignedPayment): string {
  const whom = paidToWhom(payment);
  return whom ? t.paidTo(payment.businessShortCode, whom) : payment.businessShortCode;
}

function payerOf(payment: UnassignedPayment): string {
  return [payment.firstName, payment.msisdn].filter(Boolean).join(' · ') || orNA(null);
}

function StateBadge({ payment }: { payment: UnassignedPayment }) {
  if (payment.waitingApproval) {
    return <StatusBadge status="pending" label={approvalsScreenText.waitingBadge} />;
  }
  return <StatusBadge status={payment.state} label={t.states[payment.state]} />;
}

/** A refund M-Pesa failed: to which number, and M-Pesa's reason. */
function RefundFailure({ payment }: { payment: UnassignedPayment }) {
  if (payment.state !== 'refund_failed' || !payment.refund) return null;
  return (
    <Stack gap={0}>
      <Text fz="sm">{t.refundFailedTo(formatKenyanPhone(payment.refund.phoneNumber))}</Text>
      {payment.refund.resultDesc && (
        <Text fz="xs" c="dimmed">
          {t.refundFailedBecause(payment.refund.resultDesc)}
        </Text>
      )}
    </Stack>
  );
}

function Reason({ payment }: { payment: UnassignedPayment }) {
  return (
    <Stack gap={0}>
      <RefundFailure payment={payment} />
      <Text fz="sm">{unassignedReasons[payment.reason]}</Text>
      {payment.reportedAmount !== null && (
        <Text fz="xs" c="dimmed">
          {t.reportedAmount(payment.reportedAmount)}
        </Text>
      )}
    </Stack>
  );
}

function Actions({
  payment,
  onAssign,
  onRefund,
  fullWidth = false,
}: {
  payment: UnassignedPayment;
  onAssign: () => void;
  onRefund: () => void;
  fullWidth?: boolean;
}) {
  const waiting = payment.state === 'unassigned' || payment.state === 'refund_failed';
  if (!waiting || payment.waitingApproval) return null;
  // Icons only where there is room for them (the phone cards' full-width buttons).
  return (
    <Group gap="xs" wrap="nowrap" grow={fullWidth}>
      <Button
        size={fullWidth ? 'md' : 'sm'}
        mih={44}
        variant="light"
        leftSection={fullWidth ? <IconBuildingStore size={18} /> : undefined}
        onClick={onAssign}
        aria-label={t.assignNamed(payment.transId)}
      >
        {t.assign}
      </Button>
      <Button
        size={fullWidth ? 'md' : 'sm'}
        mih={44}
        variant="default"
        leftSection={fullWidth ? <IconArrowBackUp size={18} /> : undefined}
        onClick={onRefund}
        aria-label={t.refundNamed(payment.transId)}
      >
        {t.refund}
      </Button>
    </Group>
  );
}

function PaymentCard({
  payment,
  onAssign,
  onRefund,
}: {
  payment: UnassignedPayment;
  onAssign: () => void;
  onRefund: () => void;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text ff="monospace" fw={600} truncate>
          {payment.transId}
        </Text>
        <StateBadge payment={payment} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">
          {t.columns.account}:{' '}
          <Text span ff="monospace" fw={600}>
            {orNA(payment.billRefNumber)}
          </Text>
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(payment.amount)}
        </Text>
      </Group>
      <Text size="sm">
        {t.columns.paidTo}: {paidTo(payment)}
      </Text>
      <Reason payment={payment} />
      <Text size="sm" c="dimmed">
        {payerOf(payment)} · {formatDateTime(payment.createdAt)}
      </Text>
      <Actions payment={payment} onAssign={onAssign} onRefund={onRefund} fullWidth />
    </Stack>
  );
}

export function UnassignedPaymentsPage() {
  const payments = useQuery(unassignedPaymentsQuery());
  const [assigning, setAssigning] = useState<UnassignedPayment | null>(null);
  const [refunding, setRefunding] = useState<UnassignedPayment | null>(null);
  useFailureToast(payments.error, t.loadFailed);

  const columns = useMemo<MRT_ColumnDef<UnassignedPayment>[]>(
    () => [
      {
        accessorKey: 'transId',
        header: t.columns.transId,
        size: 150,
        Cell: ({ row }) => (
          <TwoLines
            main={row.original.transId}
            detail={formatDateTime(row.original.createdAt)}
            mono
          />
        ),
      },
      {
        accessorKey: 'amount',
        header: t.columns.amount,
        size: 110,
        Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
        mantineTableHeadCellProps: { align: 'right' },
        mantineTableBodyCellProps: { align: 'right', style: { whiteSpace: 'nowrap' } },
      },
      {
        id: 'paidTo',
        header: t.columns.paidTo,
        size: 150,
        accessorFn: paidTo,
        Cell: ({ row }) => (
          <TwoLines main={row.original.businessShortCode} detail={paidToWhom(row.original)} mono />
        ),
      },
      {
        accessorKey: 'billRefNumber',
        header: t.columns.account,
        size: 100,
        Cell: ({ cell }) => (
          <Text ff="monospace" fz="sm">
            {orNA(cell.getValue<string>())}
          </Text>
        ),
      },
      {
        id: 'payer',
        header: t.columns.payer,
        size: 120,
        accessorFn: payerOf,
        Cell: ({ row }) => (
          <TwoLines main={orNA(row.original.firstName)} detail={row.original.msisdn} />
        ),
      },
      {
        id: 'state',
        header: t.columns.status,
        size: 230,
        accessorFn: (row) => t.states[row.state],
        Cell: ({ row }) => (
          <Stack gap={4} align="flex-start">
            <StateBadge payment={row.original} />
            <Reason payment={row.original} />
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 180,
        Cell: ({ row }) => (
          <Actions
            payment={row.original}
            onAssign={() => setAssigning(row.original)}
            onRefund={() => setRefunding(row.original)}
          />
        ),
      },
    ],
    [],
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={() => void payments.refetch()} />}
      />
      <ListTable
        columns={columns}
        data={payments.data}
        loading={payments.isLoading}
        error={payments.error}
        onRetry={() => void payments.refetch()}
        emptyText={t.empty}
        getRowId={(row) => String(row.id)}
        renderCard={(payment) => (
          <PaymentCard
            payment={payment}
            onAssign={() => setAssigning(payment)}
            onRefund={() => setRefunding(payment)}
          />
        )}
        showMoreLabel={t.showMore}
      />
      <AssignPaymentDialog
        payment={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={() => setAssigning(null)}
      />
      <RefundPaymentDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={() => setRefunding(null)}
      />
    </Stack>
  );
}
