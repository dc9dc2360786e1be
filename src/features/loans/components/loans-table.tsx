/**
 * The loan lists' table: the approve page's
 * columns, and the full page's additional ones. Amounts as "Ksh 1,234.00". It shows the
 * page the server sent (pagination and ordering happen there, so a business with 10,000
 * loans renders as fast as one with ten); on phones the same loans are cards.
 */
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { usePhone } from '../../../lib/use-phone';
import { IconEye, IconPencil, IconReceiptOff } from '@tabler/icons-react';
import type {
  MRT_ColumnDef,
  MRT_PaginationState,
  MRT_SortingState,
  MRT_Updater,
} from 'mantine-react-table';
import { useMemo, type ReactNode } from 'react';
import { loanSortColumns } from '../../../domain/loans';
import { DataTable } from '../../../components/data-table';
import { LoanStatusBadge } from '../../../components/loan-status-badge';
import type { ApiError } from '../../../api/client';
import { loansText as t } from '../../../i18n/loans';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import type { Loan } from '../../../domain/loans';
import { PagePagination } from '../../../components/page-pagination';
import { personName } from '../../../lib/names';
import { CardHead } from '../../../components/card-head';

export type LoanDialog = 'details' | 'edit' | 'borrower' | 'plan' | 'writeOff';
export type OpenLoanDialog = (dialog: LoanDialog, loan: Loan) => void;

const time = (value: string | null) => (value ? Date.parse(value) : 0);

// Content-sized columns with wrapping heads and tight padding, so the full page's
// thirteen columns fit beside the sidebar at 1440 px.
const cellStyle = {
  minWidth: 0,
  width: 'auto',
  paddingInline: 5,
  fontSize: '0.8125rem',
} as const;
const headStyle = { ...cellStyle, fontSize: 'var(--mantine-font-size-xs)' } as const;
const wrapHead = (column: MRT_ColumnDef<Loan>): MRT_ColumnDef<Loan> => ({
  ...column,
  Header: <span style={{ whiteSpace: 'normal' }}>{column.header}</span>,
});
const amount = (header: string, key: keyof Loan & string): MRT_ColumnDef<Loan> => ({
  id: key,
  header,
  accessorFn: (loan) => loan[key] as number,
  Cell: ({ cell }) => formatKsh(cell.getValue<number>()),
  mantineTableHeadCellProps: { align: 'right', style: headStyle },
  mantineTableBodyCellProps: { align: 'right', style: { ...cellStyle, whiteSpace: 'nowrap' } },
});
const date = (
  header: string,
  key: 'applicationDate' | 'disbursementDate',
): MRT_ColumnDef<Loan> => ({
  id: key,
  header,
  accessorFn: (loan) => time(loan[key]),
  Cell: ({ row }) => <DateTime value={row.original[key]} />,
  sortUndefined: 'last',
});

/** Day and time, breaking only between them, so the date columns stay narrow. */
function DateTime({ value }: { value: string | null }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  if (cut === -1) return text;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, cut + 1)}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(cut + 2)}</span>
    </>
  );
}

/** A rejected application owes nothing, whatever total it was computed with. */
function outstandingText(loan: Loan): string {
  return loan.status === 'rejected' ? orNA(null) : formatKsh(loan.outstandingAmount);
}

/** A pending loan M-Pesa did not pay: the reason is in its details dialog. */
function FailedDisbursement({ loan }: { loan: Loan }) {
  if (loan.status !== 'pending' || !loan.disbursementFailure) return null;
  return (
    <Text size="xs" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {t.disbursementFailedShort}
    </Text>
  );
}

function EditButton({ loan, open }: { loan: Loan; open: OpenLoanDialog }) {
  const editable = loan.status === 'pending';
  const button = (
    <ActionIcon
      variant="subtle"
      size={36}
      aria-label={t.editLoanNamed(loan.loanCode)}
      disabled={!editable}
      onClick={() => open('edit', loan)}
    >
      <IconPencil size={20} />
    </ActionIcon>
  );
  return editable ? (
    button
  ) : (
    <Tooltip label={t.editOnlyPending} withArrow>
      <span>{button}</span>
    </Tooltip>
  );
}

function ViewButton({ loan, open }: { loan: Loan; open: OpenLoanDialog }) {
  return (
    <Button
      variant="light"
      size="compact-xs"
      mih={32}
      aria-label={t.viewLoanNamed(loan.loanCode)}
      onClick={() => open('details', loan)}
    >
      {t.view}
    </Button>
  );
}

function WriteOffButton({ loan, open }: { loan: Loan; open: OpenLoanDialog }) {
  return (
    <Button
      variant="light"
      color="red"
      size="compact-xs"
      mih={32}
      aria-label={t.writeOffNamed(loan.loanCode)}
      onClick={() => open('writeOff', loan)}
    >
      {t.writeOff}
    </Button>
  );
}

function LinkCell({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" onClick={onClick} fz="sm" ta="left">
      {children}
    </Anchor>
  );
}

function buildColumns(full: boolean, open: OpenLoanDialog): MRT_ColumnDef<Loan>[] {
  const columns: (MRT_ColumnDef<Loan> | false)[] = [
    {
      id: 'borrower',
      header: t.columns.borrower,
      accessorFn: (loan) => personName(loan.borrower),
      Cell: ({ row }) => {
        const name = orNA(personName(row.original.borrower));
        return <LinkCell onClick={() => open('borrower', row.original)}>{name}</LinkCell>;
      },
    },
    {
      id: 'requesterAgent',
      header: t.columns.requesterAgent,
      accessorFn: (loan) => orNA(personName(loan.requesterAgent)),
    },
    full && {
      id: 'approverAgent',
      header: t.columns.approverAgent,
      accessorFn: (loan) => orNA(personName(loan.approverAgent)),
    },
    amount(t.columns.principalAmount, 'principalAmount'),
    amount(t.columns.disbursementAmount, 'disbursementAmount'),
    full && {
      ...amount(t.columns.outstanding, 'outstandingAmount'),
      Cell: ({ row }) => outstandingText(row.original),
    },
    {
      id: 'lenderLoanPlan',
      header: t.columns.lenderLoanPlan,
      accessorFn: (loan) => loan.lenderLoanPlan.name,
      Cell: ({ row }) => (
        <LinkCell onClick={() => open('plan', row.original)}>
          {row.original.lenderLoanPlan.name}
        </LinkCell>
      ),
    },
    {
      accessorKey: 'loanCode',
      header: t.columns.loanCode,
      Cell: ({ row }) => (
        <Stack gap={2}>
          <Text ff="monospace" fz="xs" fw={700}>
            {row.original.loanCode}
          </Text>
          <FailedDisbursement loan={row.original} />
        </Stack>
      ),
    },
    full && date(t.columns.applicationDate, 'applicationDate'),
    full && date(t.columns.disbursementDate, 'disbursementDate'),
    full && {
      accessorKey: 'status',
      header: t.columns.status,
      mantineTableBodyCellProps: { style: { ...cellStyle, whiteSpace: 'nowrap' } },
      Cell: ({ cell }) => <LoanStatusBadge status={cell.getValue<string>()} />,
    },
    {
      id: 'actions',
      header: t.columns.actions,
      enableSorting: false,
      Cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          <ViewButton loan={row.original} open={open} />
          {full && row.original.status === 'default' && (
            <WriteOffButton loan={row.original} open={open} />
          )}
        </Stack>
      ),
    },
    {
      id: 'edit',
      header: t.columns.edit,
      enableSorting: false,
      Cell: ({ row }) => <EditButton loan={row.original} open={open} />,
    },
  ];
  // Only what the server can order by is sortable.
  const sortable = new Set<string>(loanSortColumns);
  return columns
    .filter((column): column is MRT_ColumnDef<Loan> => column !== false)
    .map((column) => {
      const id = column.id ?? String(column.accessorKey);
      return sortable.has(id) ? column : { ...column, enableSorting: false };
    })
    .map(wrapHead);
}

function LoanCard({ loan, full, open }: { loan: Loan; full: boolean; open: OpenLoanDialog }) {
  return (
    <Stack gap={6}>
      <CardHead
        title={orNA(personName(loan.borrower))}
        aside={<LoanStatusBadge status={loan.status} />}
      />
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{formatKsh(loan.principalAmount)}</Text>
        <Text size="sm" ff="monospace" fw={600}>
          {loan.loanCode}
        </Text>
      </Group>
      <FailedDisbursement loan={loan} />
      <Text size="sm" c="dimmed">
        {loan.lenderLoanPlan.name} · {orNA(personName(loan.requesterAgent))}
      </Text>
      {full && (
        <Text size="sm" c="dimmed">
          {t.outstandingOf(outstandingText(loan))}
        </Text>
      )}
      <Group gap="xs" mt={4}>
        <Button
          variant="light"
          size="md"
          leftSection={<IconEye size={18} />}
          aria-label={t.viewLoanNamed(loan.loanCode)}
          onClick={() => open('details', loan)}
        >
          {t.view}
        </Button>
        {loan.status === 'pending' && (
          <Button
            variant="default"
            size="md"
            leftSection={<IconPencil size={18} />}
            aria-label={t.editLoanNamed(loan.loanCode)}
            onClick={() => open('edit', loan)}
          >
            {t.edit}
          </Button>
        )}
        {full && loan.status === 'default' && (
          <Button
            variant="light"
            color="red"
            size="md"
            leftSection={<IconReceiptOff size={18} />}
            aria-label={t.writeOffNamed(loan.loanCode)}
            onClick={() => open('writeOff', loan)}
          >
            {t.writeOff}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function LoansTable({
  loans,
  rowCount,
  pagination,
  onPaginationChange,
  sorting,
  onSortingChange,
  full,
  loading,
  error,
  onRetry,
  emptyText,
  open,
}: {
  /** The page of loans the server sent. */
  loans: Loan[] | undefined;
  /** How many loans match, over all pages. */
  rowCount: number;
  pagination: MRT_PaginationState;
  onPaginationChange: (updater: MRT_Updater<MRT_PaginationState>) => void;
  sorting: MRT_SortingState;
  onSortingChange: (updater: MRT_Updater<MRT_SortingState>) => void;
  /** The Loans page's extra columns and Write Off; false on the approve page. */
  full: boolean;
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  emptyText: string;
  open: OpenLoanDialog;
}) {
  const phone = usePhone();
  const columns = useMemo(() => buildColumns(full, open), [full, open]);
  const pages = Math.max(1, Math.ceil(rowCount / pagination.pageSize));

  return (
    <Stack gap="sm">
      <DataTable
        columns={columns}
        data={loans}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyText={emptyText}
        getRowId={(loan) => String(loan.id)}
        renderCard={(loan) => <LoanCard loan={loan} full={full} open={open} />}
        options={{
          enableTopToolbar: false,
          enableGlobalFilter: false,
          enableColumnFilters: false,
          enableHeaderActionsHoverReveal: true,
          manualPagination: true,
          manualSorting: true,
          rowCount,
          onPaginationChange,
          onSortingChange,
          state: { pagination, sorting, showProgressBars: loading && Boolean(loans) },
          mantinePaginationProps: { rowsPerPageOptions: ['10', '25', '50', '100'] },
          mantineTableHeadCellProps: { style: headStyle },
          mantineTableBodyCellProps: { style: cellStyle },
        }}
      />
      {phone && pages > 1 && (
        <PagePagination
          compact
          page={pagination.pageIndex + 1}
          pages={pages}
          onChange={(page) => onPaginationChange({ ...pagination, pageIndex: page - 1 })}
        />
      )}
    </Stack>
  );
}
