/**
 * What the Loans and Approve pages share (spec part 2 §2 "Loans and approve pages"):
 * the search by loan code, Refresh, the table and the four dialogs. The Loans page
 * (`full`) adds the status tabs with counts, built from the statuses present.
 */
import { Badge, Group, Stack, Tabs } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { loansText as t } from '../../../i18n/loans';
import { formatCount } from '../../../lib/format';
import type { Loan } from '../api/get-loans';
import { useBusinessLoans } from '../hooks/use-business-loans';
import { statusCounts, statusLabel } from '../utils/statuses';
import { BorrowerDetailsModal } from './borrower-details-modal';
import { EditLoanModal } from './edit-loan-modal';
import { LoanDetailsModal } from './loan-details-modal';
import { LoanPlanDetailsModal } from './loan-plan-details-modal';
import { LoansTable, type LoanDialog } from './loans-table';
import { LoansToolbar } from './loans-toolbar';
import { WriteOffModal } from './write-off-modal';

const ALL = 'all';

function matchesCode(query: string) {
  const code = query.trim().toUpperCase();
  return code ? (loan: Loan) => loan.loanCode.toUpperCase().includes(code) : null;
}

export function LoanReview({ businessId, full }: { businessId: number; full: boolean }) {
  const loans = useBusinessLoans(businessId);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [tab, setTab] = useState<string>(ALL);
  const [dialog, setDialog] = useState<{ kind: LoanDialog; loan: Loan } | null>(null);

  const open = useCallback((kind: LoanDialog, loan: Loan) => setDialog({ kind, loan }), []);
  const close = useCallback(() => setDialog(null), []);
  const { reload } = loans;
  const changed = useCallback(() => {
    setDialog(null);
    reload();
  }, [reload]);

  // The page's loans (pending only on the approve page), then the search.
  const found = useMemo(() => {
    if (!loans.data) return undefined;
    const own = full ? loans.data : loans.data.filter((loan) => loan.status === 'pending');
    const matches = matchesCode(query);
    return matches ? own.filter(matches) : own;
  }, [loans.data, full, query]);
  const tabs = useMemo(() => (found ? statusCounts(found.map((l) => l.status)) : []), [found]);
  const current = tabs.some((entry) => entry.status === tab) ? tab : ALL;
  const shown = useMemo(
    () => (current === ALL ? found : found?.filter((loan) => loan.status === current)),
    [found, current],
  );

  const emptyText = query.trim()
    ? t.noCodeMatches(query.trim())
    : !full
      ? t.noPendingLoans
      : current === ALL
        ? t.noLoans
        : t.noLoansInTab;

  const table = (
    <LoansTable
      loans={shown}
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
        onSearch={setSearch}
        refreshing={loans.refreshing}
        onRefresh={loans.refresh}
      />
      {full && found && !loans.error ? (
        <Tabs value={current} onChange={(value) => setTab(value ?? ALL)}>
          <Tabs.List
            aria-label={t.statusTabs}
            style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
          >
            <StatusTab value={ALL} label={t.allTab} count={found.length} />
            {tabs.map((entry) => (
              <StatusTab
                key={entry.status}
                value={entry.status}
                label={statusLabel(entry.status)}
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
        onChanged={changed}
      />
      <EditLoanModal
        loan={dialog?.kind === 'edit' ? dialog.loan : null}
        onClose={close}
        onSaved={changed}
      />
      <BorrowerDetailsModal
        borrower={dialog?.kind === 'borrower' ? dialog.loan.borrower : null}
        onClose={close}
      />
      <LoanPlanDetailsModal
        plan={dialog?.kind === 'plan' ? dialog.loan.lenderLoanPlan : null}
        onClose={close}
      />
      <WriteOffModal
        loan={dialog?.kind === 'writeOff' ? dialog.loan : null}
        onClose={close}
        onWrittenOff={changed}
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
