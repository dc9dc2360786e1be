/**
 * The Repayments page's table: loan code,
 * borrower, the principal, interest and fines a repayment paid, its total and date;
 * cards on phones.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { ListTable, type ListState } from '../../../components/list-table';
import { moneyInText, repaymentsText as t } from '../../../i18n/matching';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import type { Repayment } from '../api/get-repayments';
import { personName } from '../../../lib/names';

const borrowerName = (repayment: Repayment) => orNA(personName(repayment.loan.borrower));

const amount = (
  header: string,
  key: 'principalAmount' | 'interestAmount' | 'fineAmount' | 'total',
): MRT_ColumnDef<Repayment> => ({
  id: key,
  header,
  accessorFn: (repayment) => repayment[key],
  Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
  mantineTableHeadCellProps: { align: 'right' },
  mantineTableBodyCellProps: {
    align: 'right',
    style: { whiteSpace: 'nowrap', fontWeight: key === 'total' ? 700 : undefined },
  },
});

const columns: MRT_ColumnDef<Repayment>[] = [
  {
    id: 'loanCode',
    header: t.columns.loanCode,
    accessorFn: (repayment) => repayment.loan.loanCode,
    Cell: ({ cell }) => (
      <Text ff="monospace" fz="sm" fw={700}>
        {cell.getValue<string>()}
      </Text>
    ),
  },
  { id: 'borrower', header: t.columns.borrower, accessorFn: borrowerName },
  amount(t.columns.principalAmount, 'principalAmount'),
  amount(t.columns.interestAmount, 'interestAmount'),
  amount(t.columns.fineAmount, 'fineAmount'),
  amount(t.columns.total, 'total'),
  {
    id: 'date',
    header: t.columns.date,
    accessorFn: (repayment) => Date.parse(repayment.createdAt),
    Cell: ({ row }) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.original.createdAt)}</span>
    ),
  },
];

function RepaymentCard({ repayment }: { repayment: Repayment }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text ff="monospace" fw={700}>
          {repayment.loan.loanCode}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(repayment.total)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {borrowerName(repayment)}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(repayment.createdAt)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t.split(
          formatKsh(repayment.principalAmount),
          formatKsh(repayment.interestAmount),
          formatKsh(repayment.fineAmount),
        )}
      </Text>
    </Stack>
  );
}

export function RepaymentsTable({
  repayments,
  ...state
}: {
  repayments: Repayment[] | undefined;
} & ListState) {
  return (
    <ListTable
      {...state}
      columns={columns}
      data={repayments}
      getRowId={(row) => String(row.id)}
      renderCard={(repayment) => <RepaymentCard repayment={repayment} />}
      showMoreLabel={moneyInText.showMore}
    />
  );
}
