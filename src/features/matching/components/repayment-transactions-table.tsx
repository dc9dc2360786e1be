/**
 * The M-Pesa repayments table of Manual Match Management: the transaction, the account
 * number as typed, amount, payer,
 * the loan it went to, Matched or Unmatched, and when it arrived; cards on phones.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo } from 'react';
import { TwoLines } from '../../../components/two-lines';
import { ListTable, type ListState } from '../../../components/list-table';
import { matchingText as t, moneyInText } from '../../../i18n/matching';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import type { RepaymentTransaction } from '../api/get-repayment-transactions';
import { isUnmatched, payerOf } from '../utils/unmatched';
import { MatchStatusBadge } from './match-status-badge';

const accountOf = (repayment: RepaymentTransaction) => repayment.loanCode.trim() || t.blankAccount;

function borrowerOf(repayment: RepaymentTransaction): string | null {
  const borrower = repayment.loan?.borrower;
  return [borrower?.firstName, borrower?.lastName].filter(Boolean).join(' ') || null;
}

function loanOf(repayment: RepaymentTransaction): string {
  if (!repayment.loan) return orNA(null);
  const name = borrowerOf(repayment);
  return name ? t.loanOf(repayment.loan.loanCode, name) : repayment.loan.loanCode;
}

/** "22 Nov 2026," above "19:34". */
function DateTime({ value }: { value: string }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  if (cut === -1) return text;
  return <TwoLines main={text.slice(0, cut)} detail={text.slice(cut + 2)} />;
}

function buildColumns(withLoan: boolean): MRT_ColumnDef<RepaymentTransaction>[] {
  const columns: (MRT_ColumnDef<RepaymentTransaction> | false)[] = [
    {
      accessorKey: 'transactionDetails',
      header: t.columns.transaction,
      Cell: ({ cell }) => (
        <Text ff="monospace" fz="sm" fw={600}>
          {cell.getValue<string>()}
        </Text>
      ),
    },
    {
      id: 'accountNumber',
      header: t.columns.accountNumber,
      accessorFn: accountOf,
      Cell: ({ cell }) => (
        <Text ff="monospace" fz="sm">
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
    {
      id: 'paidBy',
      header: t.columns.paidBy,
      accessorFn: (row) => orNA(row.firstName),
      Cell: ({ row }) => (
        <TwoLines main={orNA(row.original.firstName)} detail={row.original.msisdn} />
      ),
    },
    withLoan && {
      id: 'loan',
      header: t.columns.loan,
      accessorFn: loanOf,
      Cell: ({ row }) =>
        row.original.loan ? (
          <TwoLines main={row.original.loan.loanCode} detail={borrowerOf(row.original)} mono />
        ) : (
          orNA(null)
        ),
    },
    {
      id: 'status',
      header: t.columns.status,
      accessorFn: (row) => (isUnmatched(row) ? t.unmatched : t.matched),
      Cell: ({ row }) => <MatchStatusBadge unmatched={isUnmatched(row.original)} />,
    },
    {
      id: 'date',
      header: t.columns.date,
      accessorFn: (row) => Date.parse(row.createdAt),
      Cell: ({ row }) => <DateTime value={row.original.createdAt} />,
    },
  ];
  return columns.filter((column): column is MRT_ColumnDef<RepaymentTransaction> => !!column);
}

function RepaymentCard({
  repayment,
  withLoan,
}: {
  repayment: RepaymentTransaction;
  withLoan: boolean;
}) {
  const unmatched = isUnmatched(repayment);
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text ff="monospace" fw={600} truncate>
          {repayment.transactionDetails}
        </Text>
        <MatchStatusBadge unmatched={unmatched} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">
          {t.accountNumber}{' '}
          <Text span ff="monospace" fw={600}>
            {accountOf(repayment)}
          </Text>
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(repayment.amount)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {orNA(payerOf(repayment))} · {formatDateTime(repayment.createdAt)}
      </Text>
      {withLoan && !unmatched && (
        <Text size="sm" c="dimmed">
          {t.columns.loan}: {loanOf(repayment)}
        </Text>
      )}
    </Stack>
  );
}

export function RepaymentTransactionsTable({
  repayments,
  withLoan,
  ...state
}: {
  repayments: RepaymentTransaction[] | undefined;
  /** The Matched Loan column; the Unmatched tab has no loan to show. */
  withLoan: boolean;
} & ListState) {
  const columns = useMemo(() => buildColumns(withLoan), [withLoan]);
  return (
    <ListTable
      {...state}
      columns={columns}
      data={repayments}
      getRowId={(row) => String(row.id)}
      renderCard={(repayment) => <RepaymentCard repayment={repayment} withLoan={withLoan} />}
      showMoreLabel={moneyInText.showMore}
    />
  );
}
