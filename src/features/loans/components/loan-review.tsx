/**
 * What the Loans and Approve pages share:
 * the search by loan code, Refresh, the table and the four dialogs. The Loans page
 * (`full`) adds the status tabs with counts. The server pages, filters and orders the
 * loans, so a business with 10,000 loans loads ten at a time.
 */
import { Badge, Group, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MRT_PaginationState, MRT_SortingState } from 'mantine-react-table';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import {
  loanSortColumns,
  type Loan,
  type LoanSortColumn,
  type LoanStatus,
} from '../../../domain/loans';
import { loansText as t } from '../../../i18n/loans';
import { formatCount, loanStatusLabel } from '../../../lib/format';
import { loanStatusCountsQuery } from '../../../api/loans';
import { useReloadAfterDisbursement } from '../api/approve-loan';
import { useBusinessLoans } from '../hooks/use-business-loans';
import { useDisbursementWatch } from '../hooks/use-disbursement-watch';
import { statusCounts } from '../utils/statuses';
import { BorrowerDetailsModal } from './borrower-details-modal';
import { EditLoanModal } from './edit-loan-modal';
import { LoanDetailsModal } from './loan-details-modal';
import { LoanPlanDetailsModal } from './loan-plan-details-modal';
import { LoansTable, type LoanDialog } from './loans-table';
import { LoansToolbar } from './loans-toolbar';
import { WriteOffModal } from './write-off-modal';

const ALL = 'all';
const PAGE_SIZE = 10;
const SEARCH_PAUSE_MS = 250;
const firstPage: MRT_PaginationState = { pageIndex: 0, pageSize: PAGE_SIZE };

const isSortColumn = (id: string): id is LoanSortColumn =>
  (loanSortColumns as readonly string[]).includes(id);

export function LoanReview({ businessId, full }: { businessId: number; full: boolean }) {
  const [search, setSearch] = useState('');
  const [code] = useDebouncedValue(search.trim().toUpperCase(), SEARCH_PAUSE_MS);
  const [tab, setTab] = useState<string>(ALL);
  const [pagination, setPagination] = useState(firstPage);
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [dialog, setDialog] = useState<{ kind: LoanDialog; loan: Loan } | null>(null);

  // The tab counts (Loans page only) follow the search; the approve page shows pending.
  const counts = useQuery({ ...loanStatusCountsQuery(businessId, code), enabled: full });
  const tabs = useMemo(() => statusCounts(counts.data ?? {}), [counts.data]);
  const total = tabs.reduce((sum, entry) => sum + entry.count, 0);
  const current = tabs.some((entry) => entry.status === tab) ? tab : ALL;

  const [sorted] = sorting;
  const loans = useBusinessLoans(businessId, {
    page: pagination.pageIndex + 1,
    limit: pagination.pageSize,
    status: full ? (current === ALL ? undefined : (current as LoanStatus)) : 'pending',
    code: code || undefined,
    ...(sorted && isSortColumn(sorted.id)
      ? { sort: sorted.id, order: sorted.desc ? 'desc' : 'asc' }
      : {}),
  });

  // A new search, tab or order starts again from the first page.
  const restart =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    };
  const onSearch = restart(setSearch);
  const onTab = restart((value: string | null) => setTab(value ?? ALL));

  const open = useCallback((kind: LoanDialog, loan: Loan) => setDialog({ kind, loan }), []);
  const close = useCallback(() => setDialog(null), []);
  // The dialogs' writes reload the loans (pages and counts) themselves; the dialog closes.
  const afterDisbursement = useReloadAfterDisbursement();
  const watch = useDisbursementWatch(businessId, loans.data?.loans, afterDisbursement);
  const { refresh } = loans;
  const { refetch: refetchCounts } = counts;
  const onRefresh = useCallback(() => {
    refresh();
    if (full) void refetchCounts();
  }, [refresh, refetchCounts, full]);

  const emptyText = code
    ? t.noCodeMatches(code)
    : !full
      ? t.noPendingLoans
      : current === ALL
        ? t.noLoans
        : t.noLoansInTab;

  const table = (
    <LoansTable
      loans={loans.data?.loans}
      rowCount={loans.data?.total ?? 0}
      pagination={pagination}
      onPaginationChange={setPagination}
      sorting={sorting}
      onSortingChange={(updater) => {
        setSorting(updater);
        setPagination((p) => ({ ...p, pageIndex: 0 }));
      }}
      full={full}
      loading={loans.loading}
      error={loans.error}
      onRetry={loans.reload}
      emptyText={emptyText}
      open={open}
    />
  );

  return (
    <Stack gap="md">
      <LoansToolbar
        search={search}
        onSearch={onSearch}
        refreshing={loans.refreshing}
        onRefresh={onRefresh}
      />
      {full && counts.data && !loans.error ? (
        <Tabs value={current} onChange={onTab}>
          <Tabs.List
            aria-label={t.statusTabs}
            style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
          >
            <StatusTab value={ALL} label={t.allTab} count={total} />
            {tabs.map((entry) => (
              <StatusTab
                key={entry.status}
                value={entry.status}
                label={loanStatusLabel(entry.status)}
                count={entry.count}
              />
            ))}
          </Tabs.List>
          {/* One panel that follows the chosen tab, so the table is not rebuilt on a switch. */}
          <Tabs.Panel key="loans" value={current} pt="md">
            {table}
          </Tabs.Panel>
        </Tabs>
      ) : (
        table
      )}

      <LoanDetailsModal
        loan={dialog?.kind === 'details' ? dialog.loan : null}
        onClose={close}
        onChanged={close}
        onDisbursing={watch}
      />
      <EditLoanModal
        loan={dialog?.kind === 'edit' ? dialog.loan : null}
        onClose={close}
        onSaved={close}
      />
      <BorrowerDetailsModal
        borrower={dialog?.kind === 'borrower' ? dialog.loan.borrower : null}
        onClose={close}
        onErased={close}
      />
      <LoanPlanDetailsModal
        plan={dialog?.kind === 'plan' ? dialog.loan.lenderLoanPlan : null}
        onClose={close}
      />
      <WriteOffModal
        loan={dialog?.kind === 'writeOff' ? dialog.loan : null}
        onClose={close}
        onWrittenOff={close}
      />
    </Stack>
  );
}

function StatusTab({ value, label, count }: { value: string; label: string; count: number }) {
  return (
    <Tabs.Tab value={value} style={{ flexShrink: 0, minHeight: 44 }}>
      <Group gap={8} wrap="nowrap">
        <span>{label}</span>
        <Badge size="sm" variant="light" color="gray" tt="none">
          {formatCount(count)}
        </Badge>
      </Group>
    </Tabs.Tab>
  );
}
