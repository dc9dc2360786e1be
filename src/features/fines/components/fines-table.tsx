/**
 * The Fines page's table: loan code, borrower, fine
 * amount, rate, balance, status and the day the fine was drawn; cards on phones.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { ListTable, type ListState } from '../../../components/list-table';
import { finesText as t, moneyInText } from '../../../i18n/matching';
import { formatDate, formatKsh, formatPercent, orNA } from '../../../lib/format';
import type { Fine } from '../api/get-fines';
import { FineStatusBadge } from './fine-status-badge';
import { personName } from '../../../lib/names';

const borrowerName = (fine: Fine) => orNA(personName(fine.loan.borrower));

const amount = (header: string, key: 'fineAmount' | 'fineBalance'): MRT_ColumnDef<Fine> => ({
  id: key,
  header,
  accessorFn: (fine) => fine[key],
  Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
  mantineTableHeadCellProps: { align: 'right' },
  mantineTableBodyCellProps: { align: 'right', style: { whiteSpace: 'nowrap' } },
});

const columns: MRT_ColumnDef<Fine>[] = [
  {
    id: 'loanCode',
    header: t.columns.loanCode,
    accessorFn: (fine) => fine.loan.loanCode,
    Cell: ({ cell }) => (
      <Text ff="monospace" fz="sm" fw={700}>
        {cell.getValue<string>()}
      </Text>
    ),
  },
  { id: 'borrower', header: t.columns.borrower, accessorFn: borrowerName },
  amount(t.columns.fineAmount, 'fineAmount'),
  {
    id: 'fineRate',
    header: t.columns.fineRate,
    accessorFn: (fine) => fine.fineRate,
    Cell: ({ cell }) => formatPercent(cell.getValue<number>()),
    mantineTableHeadCellProps: { align: 'right' },
    mantineTableBodyCellProps: { align: 'right' },
  },
  amount(t.columns.fineBalance, 'fineBalance'),
  {
    accessorKey: 'status',
    header: t.columns.status,
    Cell: ({ row }) => <FineStatusBadge status={row.original.status} />,
  },
  {
    id: 'date',
    header: t.columns.date,
    accessorFn: (fine) => fine.accruedOn,
    Cell: ({ row }) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.original.accruedOn)}</span>
    ),
  },
];

function FineCard({ fine }: { fine: Fine }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text ff="monospace" fw={700}>
          {fine.loan.loanCode}
        </Text>
        <FineStatusBadge status={fine.status} />
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} truncate>
          {borrowerName(fine)}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(fine.fineAmount)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t.balanceOf(formatKsh(fine.fineBalance))} · {t.rateOf(formatPercent(fine.fineRate))} ·{' '}
        {formatDate(fine.accruedOn)}
      </Text>
    </Stack>
  );
}

export function FinesTable({
  fines,
  ...state
}: {
  fines: Fine[] | undefined;
} & ListState) {
  return (
    <ListTable
      {...state}
      columns={columns}
      data={fines}
      getRowId={(row) => String(row.id)}
      renderCard={(fine) => <FineCard fine={fine} />}
      showMoreLabel={moneyInText.showMore}
    />
  );
}
