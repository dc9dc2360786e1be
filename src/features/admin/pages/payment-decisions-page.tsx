/**
 * Payments needing a decision (/dashboard/admin/mpesa-decisions, docs/architecture.md §6): the
 * M-Pesa payments the automatic status queries could not settle, each with its history
 * and the two ways out (paid with the receipt, or failed and reversed); and below, the
 * payments M-Pesa settled for another amount than was asked.
 */
import { Button, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { StatusBadge } from '../../../components/status-badge';
import type { DecisionOutcome, PaymentForDecision } from '../../../domain/mpesa-decisions';
import { approvalsScreenText } from '../../../i18n/approvals';
import { decisionsText as t } from '../../../i18n/mpesa-decisions';
import { formatDateTime, formatKes } from '../../../lib/format';
import { amountDifferencesQuery } from '../api/get-amount-differences';
import { paymentDecisionsQuery } from '../api/get-payment-decisions';
import { DecidePaymentDialog } from '../components/decide-payment-dialog';
import { useFailureToast } from '../../../lib/failure';
import { PaymentHistory } from '../components/payment-history';

type Deciding = { payment: PaymentForDecision; outcome: DecisionOutcome };

/** What the payment is: its purpose and reference, how it moves money, its loan. */
function PaymentName({
  payment,
  withPhone = false,
}: {
  payment: PaymentForDecision;
  withPhone?: boolean;
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t.purposes[payment.purpose] ?? payment.purpose} {t.reference(payment.id)}
      </Text>
      <Text size="xs" c="dimmed">
        {t.kinds[payment.kind]}
        {payment.loan ? ` · ${t.loanCode(payment.loan.loanCode)}` : ''}
      </Text>
      {withPhone && (
        <Text size="xs" c="dimmed">
          {payment.phoneNumber}
        </Text>
      )}
    </Stack>
  );
}

/** An amount on one line: "KES 2,000.00" never breaks after KES. */
function Amount({ value }: { value: number | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatKes(value)}
    </Text>
  );
}

const businessOf = (payment: PaymentForDecision) => payment.business?.businessName ?? t.noBusiness;

function DecideButtons({
  payment,
  onDecide,
  fullWidth = false,
}: {
  payment: PaymentForDecision;
  onDecide: (deciding: Deciding) => void;
  fullWidth?: boolean;
}) {
  const name = `${t.purposes[payment.purpose] ?? payment.purpose} ${t.reference(payment.id)}`;
  if (payment.waitingApproval) {
    return <StatusBadge status="pending" label={approvalsScreenText.waitingBadge} />;
  }
  return (
    <Group gap="xs" wrap={fullWidth ? 'wrap' : 'nowrap'} grow={fullWidth}>
      <Button
        size="sm"
        mih={44}
        variant="light"
        leftSection={<IconCheck size={16} />}
        aria-label={`${t.markPaid}: ${name}`}
        onClick={() => onDecide({ payment, outcome: 'paid' })}
      >
        {t.markPaid}
      </Button>
      <Button
        size="sm"
        mih={44}
        variant="light"
        color="red"
        leftSection={<IconX size={16} />}
        aria-label={`${t.markFailed}: ${name}`}
        onClick={() => onDecide({ payment, outcome: 'failed' })}
      >
        {t.markFailed}
      </Button>
    </Group>
  );
}

/** A stuck payment as a card (phones), its history behind a toggle. */
function DecisionCard({
  payment,
  onDecide,
}: {
  payment: PaymentForDecision;
  onDecide: (deciding: Deciding) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <PaymentName payment={payment} />
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKes(payment.amount)}
        </Text>
      </Group>
      <Text size="sm">{businessOf(payment)}</Text>
      <Text size="sm" c="dimmed">
        {payment.phoneNumber} · {formatDateTime(payment.createdAt)}
      </Text>
      <Group gap="xs">
        <StatusBadge status="pending" label={t.queriesAsked(payment.statusQueries)} />
      </Group>
      <DecideButtons payment={payment} onDecide={onDecide} fullWidth />
      <Button
        variant="subtle"
        size="sm"
        mih={44}
        rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
      >
        {open ? t.hideHistory : t.history}
      </Button>
      <Collapse in={open}>
        <PaymentHistory payment={payment} />
      </Collapse>
    </Stack>
  );
}

function decisionColumns(onDecide: (d: Deciding) => void): MRT_ColumnDef<PaymentForDecision>[] {
  return [
    {
      id: 'payment',
      header: t.columns.payment,
      size: 180,
      Cell: ({ row }) => <PaymentName payment={row.original} withPhone />,
    },
    { id: 'business', header: t.columns.business, size: 140, accessorFn: businessOf },
    {
      id: 'amount',
      header: t.columns.amount,
      size: 130,
      Cell: ({ row }) => <Amount value={row.original.amount} />,
    },
    {
      id: 'started',
      header: t.columns.started,
      size: 130,
      accessorFn: (payment) => formatDateTime(payment.createdAt),
    },
    {
      id: 'queries',
      header: t.columns.queries,
      size: 160,
      Cell: ({ row }) => <Text size="sm">{t.queriesAsked(row.original.statusQueries)}</Text>,
    },
    {
      id: 'actions',
      header: t.columns.actions,
      size: 300,
      Cell: ({ row }) => <DecideButtons payment={row.original} onDecide={onDecide} />,
    },
  ];
}

function PostedBadge({ payment }: { payment: PaymentForDecision }) {
  const unposted = payment.difference?.unposted ?? 0;
  if (unposted === 0) return <StatusBadge status="paid" label={t.allPosted} />;
  return <StatusBadge status="unpaid" label={t.notPosted(formatKes(Math.abs(unposted)))} />;
}

const differenceColumns: MRT_ColumnDef<PaymentForDecision>[] = [
  {
    id: 'payment',
    header: t.columns.payment,
    size: 200,
    Cell: ({ row }) => <PaymentName payment={row.original} />,
  },
  { id: 'business', header: t.columns.business, size: 170, accessorFn: businessOf },
  {
    id: 'requested',
    header: t.columns.requested,
    size: 140,
    Cell: ({ row }) => <Amount value={row.original.amount} />,
  },
  {
    id: 'reported',
    header: t.columns.reported,
    size: 140,
    Cell: ({ row }) => <Amount value={row.original.reportedAmount} />,
  },
  {
    id: 'posted',
    header: t.columns.posted,
    size: 200,
    Cell: ({ row }) => <PostedBadge payment={row.original} />,
  },
  {
    id: 'settled',
    header: t.columns.settled,
    size: 170,
    accessorFn: (payment) => formatDateTime(payment.completedAt),
  },
];

export function PaymentDecisionsPage() {
  const decisions = useQuery(paymentDecisionsQuery());
  const differences = useQuery(amountDifferencesQuery());
  useFailureToast(decisions.error, t.fetchFailed);
  useFailureToast(differences.error, t.differencesFetchFailed);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const columns = useMemo(() => decisionColumns(setDeciding), []);
  const reload = () => {
    void decisions.refetch();
    void differences.refetch();
  };

  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle}
        action={<RefreshButton label={t.refresh} onClick={reload} />}
      />
      <DataTable
        columns={columns}
        data={decisions.data}
        loading={decisions.isLoading}
        error={decisions.error}
        onRetry={() => void decisions.refetch()}
        emptyText={t.noneWaiting}
        getRowId={(payment) => String(payment.id)}
        renderCard={(payment) => <DecisionCard payment={payment} onDecide={setDeciding} />}
        options={{
          enableSorting: false,
          enableTopToolbar: false,
          renderDetailPanel: ({ row }) => <PaymentHistory payment={row.original} />,
          mantineExpandButtonProps: ({ row }) => ({
            'aria-label': `${t.history}: ${t.reference(row.original.id)}`,
          }),
        }}
      />

      <Stack gap={4} mt="md">
        <Title order={2} size="h4">
          {t.differencesTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {t.differencesSubtitle}
        </Text>
      </Stack>
      <DataTable
        columns={differenceColumns}
        data={differences.data}
        loading={differences.isLoading}
        error={differences.error}
        onRetry={() => void differences.refetch()}
        emptyText={t.noDifferences}
        getRowId={(payment) => String(payment.id)}
        renderCard={(payment) => (
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <PaymentName payment={payment} />
              <PostedBadge payment={payment} />
            </Group>
            <Text size="sm">{businessOf(payment)}</Text>
            <Text size="sm">
              {t.summary.differs(formatKes(payment.amount), formatKes(payment.reportedAmount))}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(payment.completedAt)}
            </Text>
          </Stack>
        )}
        options={{ enableSorting: false, enableTopToolbar: false }}
      />

      {deciding && (
        <DecidePaymentDialog
          payment={deciding.payment}
          outcome={deciding.outcome}
          onClose={() => setDeciding(null)}
          onDecided={() => setDeciding(null)}
        />
      )}
    </Stack>
  );
}
