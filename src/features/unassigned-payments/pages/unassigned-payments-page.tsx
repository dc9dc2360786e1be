/**
 * Unassigned payments (/dashboard/admin/unassigned-payments, DESIGN.md §6): the M-Pesa
 * paybill payments no business can be credited with — paid to a shortcode nobody
 * registered, to a paybill not verified yet, or to the platform's paybill with an account
 * that is no loan code — and the anomalies M-Pesa could not have sent. The administrator
 * assigns a waiting one to a business (it goes to that business's Manual Match) or
 * refunds it to the payer; refunds and anomalies stay listed with their state.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconBuildingStore } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useEffect, useMemo, useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { StatusBadge } from '../../../components/status-badge';
import { unassignedPaymentsText as t, unassignedReasons } from '../../../i18n/paybills';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useApiQuery } from '../../../lib/use-api-query';
import { getUnassignedPayments, type UnassignedPayment } from '../api/get-unassigned-payments';
import { AssignPaymentDialog } from '../components/assign-payment-dialog';
import { RefundPaymentDialog } from '../components/refund-payment-dialog';

function paidTo(payment: UnassignedPayment): string {
  if (payment.platformPaybill) return t.platformPaybill(payment.businessShortCode);
  if (payment.paybillBusiness)
    return t.paybillOf(payment.businessShortCode, payment.paybillBusiness.businessName);
  return payment.businessShortCode;
}

function payerOf(payment: UnassignedPayment): string {
  return [payment.firstName, payment.msisdn].filter(Boolean).join(' · ') || orNA(null);
}

function StateBadge({ payment }: { payment: UnassignedPayment }) {
  return <StatusBadge status={payment.state} label={t.states[payment.state]} />;
}

function Reason({ payment }: { payment: UnassignedPayment }) {
  return (
    <Stack gap={0}>
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
  if (payment.state !== 'unassigned') return null;
  return (
    <Group gap="xs" wrap="nowrap" grow={fullWidth}>
      <Button
        size="md"
        variant="light"
        leftSection={<IconBuildingStore size={18} />}
        onClick={onAssign}
        aria-label={t.assignNamed(payment.transId)}
      >
        {t.assign}
      </Button>
      <Button
        size="md"
        variant="default"
        leftSection={<IconArrowBackUp size={18} />}
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
        <Text size="sm" truncate>
          {t.columns.paidTo}: {paidTo(payment)}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(payment.amount)}
        </Text>
      </Group>
      <Text size="sm">
        {t.columns.account}:{' '}
        <Text span ff="monospace" fw={600}>
          {orNA(payment.billRefNumber)}
        </Text>
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
  const payments = useApiQuery('admin:unassigned-payments', getUnassignedPayments);
  const [assigning, setAssigning] = useState<UnassignedPayment | null>(null);
  const [refunding, setRefunding] = useState<UnassignedPayment | null>(null);
  useEffect(() => {
    if (payments.error) notifyError(t.loadFailed, payments.error.message);
  }, [payments.error]);

  const columns = useMemo<MRT_ColumnDef<UnassignedPayment>[]>(
    () => [
      {
        id: 'receivedAt',
        header: t.columns.receivedAt,
        accessorFn: (row) => Date.parse(row.createdAt),
        Cell: ({ row }) => formatDateTime(row.original.createdAt),
        size: 130,
      },
      {
        accessorKey: 'transId',
        header: t.columns.transId,
        Cell: ({ cell }) => (
          <Text ff="monospace" fz="sm" fw={600}>
            {cell.getValue<string>()}
          </Text>
        ),
      },
      {
        accessorKey: 'amount',
        header: t.columns.amount,
        Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
        mantineTableHeadCellProps: { align: 'right' },
        mantineTableBodyCellProps: { align: 'right', style: { whiteSpace: 'nowrap' } },
      },
      { id: 'paidTo', header: t.columns.paidTo, accessorFn: paidTo, size: 140 },
      {
        accessorKey: 'billRefNumber',
        header: t.columns.account,
        Cell: ({ cell }) => (
          <Text ff="monospace" fz="sm">
            {orNA(cell.getValue<string>())}
          </Text>
        ),
      },
      { id: 'payer', header: t.columns.payer, accessorFn: payerOf, size: 130 },
      {
        id: 'reason',
        header: t.columns.reason,
        accessorFn: (row) => unassignedReasons[row.reason],
        Cell: ({ row }) => <Reason payment={row.original} />,
        size: 220,
      },
      {
        id: 'state',
        header: t.columns.status,
        accessorFn: (row) => t.states[row.state],
        Cell: ({ row }) => <StateBadge payment={row.original} />,
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 220,
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
        action={<RefreshButton label={t.refresh} onClick={payments.reload} />}
      />
      <ListTable
        columns={columns}
        data={payments.data}
        loading={payments.loading}
        error={payments.error}
        onRetry={payments.reload}
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
        onAssigned={() => {
          setAssigning(null);
          payments.reload();
        }}
      />
      <RefundPaymentDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={() => {
          setRefunding(null);
          payments.reload();
        }}
      />
    </Stack>
  );
}
