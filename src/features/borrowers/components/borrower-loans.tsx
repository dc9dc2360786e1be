/**
 * The Loans tab of a borrower: code, principal, status, application date and what is
 * still owed, with a way to file the next application; the loans this agent filed or
 * approved link to their statement once disbursed (the server lets that agent read it).
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import { borrowersText as t } from '../../../i18n/borrowers';
import { formatDate, formatKes } from '../../../lib/format';
import { messagesText } from '../../../i18n/messages';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import type { BorrowerLoan } from '../api/get-borrower';

function StatementLink({ loan }: { loan: BorrowerLoan }) {
  return (
    <Anchor
      component={Link}
      to={paths.dashboard.loanStatement(loan.id)}
      aria-label={messagesText.statementOf(loan.loanCode)}
    >
      {messagesText.openStatement}
    </Anchor>
  );
}

export function BorrowerLoans({
  borrowerId,
  loans,
}: {
  borrowerId: number;
  loans: BorrowerLoan[];
}) {
  const userId = useSession().user?.id;
  const hasStatement = useCallback(
    (loan: BorrowerLoan) =>
      loan.disbursementDate !== null &&
      userId !== undefined &&
      (loan.requesterUserId === userId || loan.approverUserId === userId),
    [userId],
  );
  const columns = useMemo<MRT_ColumnDef<BorrowerLoan>[]>(
    () => [
      { accessorKey: 'loanCode', header: t.loanCodeColumn, size: 130 },
      {
        id: 'principal',
        header: t.principalColumn,
        accessorFn: (loan) => formatKes(loan.principalAmount),
        size: 150,
      },
      {
        accessorKey: 'status',
        header: t.loanStatusColumn,
        size: 130,
        Cell: ({ row }) => <LoanStatusBadge status={row.original.status} />,
      },
      {
        id: 'applicationDate',
        header: t.applicationDateColumn,
        accessorFn: (loan) => formatDate(loan.applicationDate),
        size: 150,
      },
      {
        id: 'outstanding',
        header: t.outstandingColumn,
        accessorFn: (loan) => formatKes(loan.outstandingAmount),
        size: 150,
      },
      {
        id: 'statement',
        header: messagesText.openStatement,
        size: 120,
        Cell: ({ row }) =>
          hasStatement(row.original) ? <StatementLink loan={row.original} /> : null,
      },
    ],
    [hasStatement],
  );
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`${paths.dashboard.loanApplication}?borrowerId=${borrowerId}`}
          leftSection={<IconPlus size={18} />}
          size="md"
          w={{ base: '100%', sm: 'auto' }}
        >
          {t.applyForLoan}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        data={loans}
        loading={false}
        emptyText={t.noLoans}
        getRowId={(loan) => String(loan.id)}
        options={{
          enableTopToolbar: false,
          // A borrower has few loans: pages only when there are more than one page of them.
          enableBottomToolbar: loans.length > 10,
          enableGlobalFilter: false,
          enableColumnFilters: false,
        }}
        renderCard={(loan) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={600}>{loan.loanCode}</Text>
              <LoanStatusBadge status={loan.status} />
            </Group>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {t.labelled(t.principalColumn, formatKes(loan.principalAmount))}
              </Text>
              <Text size="sm">
                {t.labelled(t.outstandingColumn, formatKes(loan.outstandingAmount))}
              </Text>
            </Group>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {t.labelled(t.applicationDateColumn, formatDate(loan.applicationDate))}
              </Text>
              {hasStatement(loan) && <StatementLink loan={loan} />}
            </Group>
          </Stack>
        )}
      />
    </Stack>
  );
}
