/**
 * The Follow-ups list: borrower, phone, business,
 * outstanding amount, last follow-up date, days overdue and status; a row opens the
 * loan's follow-up page. Cards on phones.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { daysOverdue } from '../../../domain/field-work';
import { formatKenyanPhone } from '../../../domain/phone';
import { followUpsText as t } from '../../../i18n/field-work';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import type { ActiveLoan } from '../api/get-active-loans';
import { DaysOverdueBadge } from './days-overdue-badge';
import { personName } from '../../../lib/names';

const nowrap = { style: { whiteSpace: 'nowrap' } } as const;

export const columns: MRT_ColumnDef<ActiveLoan>[] = [
  {
    id: 'borrower',
    header: t.columns.borrower,
    accessorFn: (loan) => orNA(personName(loan.borrower)),
    size: 160,
    Cell: ({ cell }) => <Text fw={600}>{cell.getValue<string>()}</Text>,
  },
  {
    id: 'phone',
    header: t.columns.phone,
    accessorFn: (loan) => formatKenyanPhone(loan.borrower.phoneNumber),
    mantineTableBodyCellProps: nowrap,
  },
  {
    id: 'business',
    header: t.columns.business,
    accessorFn: (loan) => loan.lenderBusiness.businessName,
    size: 140,
  },
  {
    id: 'outstanding',
    header: t.columns.outstanding,
    accessorFn: (loan) => loan.outstandingAmount,
    Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
    mantineTableHeadCellProps: { align: 'right' },
    mantineTableBodyCellProps: { align: 'right', ...nowrap },
  },
  {
    id: 'lastFollowUp',
    header: t.columns.lastFollowUp,
    accessorFn: (loan) => loan.lastFollowUpAt ?? '',
    Cell: ({ row }) => formatDateTime(row.original.lastFollowUpAt),
    mantineTableBodyCellProps: nowrap,
  },
  {
    id: 'daysOverdue',
    header: t.columns.daysOverdue,
    accessorFn: (loan) => daysOverdue(loan.dueDate),
    Cell: ({ row }) => <DaysOverdueBadge dueDate={row.original.dueDate} />,
    sortDescFirst: true,
  },
  {
    id: 'status',
    header: t.columns.status,
    accessorFn: (loan) => loan.status,
    Cell: ({ row }) => <LoanStatusBadge status={row.original.status} />,
  },
];

export function LoanCard({ loan }: { loan: ActiveLoan }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {orNA(personName(loan.borrower))}
        </Text>
        <LoanStatusBadge status={loan.status} />
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKsh(loan.outstandingAmount)}
        </Text>
        <DaysOverdueBadge dueDate={loan.dueDate} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatKenyanPhone(loan.borrower.phoneNumber)} · {loan.lenderBusiness.businessName}
      </Text>
      <Text size="sm" c="dimmed">
        {loan.lastFollowUpAt
          ? t.lastFollowUpOn(formatDateTime(loan.lastFollowUpAt))
          : t.noFollowUpYet}
      </Text>
    </Stack>
  );
}
