/**
 * The Refunds list: Borrower, Phone Number, Business,
 * Initial Amount, Outstanding Amount, Loan Code, Overpaid Amount, Status, Amount
 * Refunded; a row opens the loan's refund page. Cards on phones.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { formatKenyanPhone } from '../../../domain/phone';
import { refundsText as t } from '../../../i18n/refunds';
import { formatKsh, orNA } from '../../../lib/format';
import type { RefundLoan } from '../../../domain/repayments';
import { personName } from '../../../lib/names';
import { RefundStatusBadge } from './refund-status-badge';

/** Two-word amount headers wrap, so nine columns share a desktop page without scrolling. */
function WrappingHeader({ text }: { text: string }) {
  return <span style={{ whiteSpace: 'normal', display: 'inline-block' }}>{text}</span>;
}

const amount = (
  id: string,
  header: string,
  read: (loan: RefundLoan) => number,
): MRT_ColumnDef<RefundLoan> => ({
  id,
  header,
  accessorFn: read,
  Header: () => <WrappingHeader text={header} />,
  Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
  mantineTableHeadCellProps: { align: 'right' },
  mantineTableBodyCellProps: { align: 'right', style: { whiteSpace: 'nowrap' } },
});

export const columns: MRT_ColumnDef<RefundLoan>[] = [
  {
    id: 'borrower',
    header: t.columns.borrower,
    accessorFn: (loan) => orNA(personName(loan.borrower)),
  },
  {
    id: 'phoneNumber',
    header: t.columns.phoneNumber,
    accessorFn: (loan) => loan.borrower.phoneNumber,
    Cell: ({ cell }) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatKenyanPhone(cell.getValue<string>())}</span>
    ),
  },
  {
    id: 'business',
    header: t.columns.business,
    accessorFn: (loan) => loan.lenderLoanPlan.lenderBusiness.businessName,
  },
  amount('initialAmount', t.columns.initialAmount, (loan) => loan.initialAmount),
  amount('outstandingAmount', t.columns.outstandingAmount, (loan) => loan.outstandingAmount),
  {
    accessorKey: 'loanCode',
    header: t.columns.loanCode,
    Cell: ({ cell }) => (
      <Text ff="monospace" fz="sm" fw={700}>
        {cell.getValue<string>()}
      </Text>
    ),
  },
  amount('overpaidAmount', t.columns.overpaidAmount, (loan) => loan.latestWallet.total),
  {
    id: 'status',
    header: t.columns.status,
    accessorFn: (loan) => loan.latestWallet.refund.refunded,
    Cell: ({ cell }) => <RefundStatusBadge refunded={cell.getValue<string>()} />,
  },
  amount('amountRefunded', t.columns.amountRefunded, (loan) => loan.latestWallet.refund.amount),
];

export function RefundCard({ loan }: { loan: RefundLoan }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {orNA(personName(loan.borrower))}
        </Text>
        <RefundStatusBadge refunded={loan.latestWallet.refund.refunded} />
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text ff="monospace" fw={700}>
          {loan.loanCode}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(loan.latestWallet.total)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {loan.lenderLoanPlan.lenderBusiness.businessName} ·{' '}
        {formatKenyanPhone(loan.borrower.phoneNumber)}
      </Text>
    </Stack>
  );
}
