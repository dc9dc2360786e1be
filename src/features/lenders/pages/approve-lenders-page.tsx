/**
 * Approval of Lenders (/dashboard/approve-lender): every
 * lender with a name or email, searchable, sortable by first or last name, five to a
 * page, with a row menu to approve, reject, block or suspend.
 */
import { ActionIcon, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconDotsVertical,
  IconHourglassHigh,
  IconListCheck,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef, MRT_SortingState } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { lendersText } from '../../../i18n/lenders';
import { paths } from '../../../lib/paths';
import type { LenderAction } from '../api/decide-lender';
import { lendersQuery, type Lender } from '../api/get-lenders';
import { ApprovalStatusBadge } from '../components/approval-status-badge';
import { lenderNameColumns } from '../components/lender-name-columns';
import { ListPager } from '../components/list-pager';
import { useFailureToast } from '../../../lib/failure';
import { isListed, lenderName, matchesSearch } from '../components/lender-text';
import type { DecisionTexts } from '../components/use-lender-decisions';
import { useDecisionsAskingFirst } from '../components/confirm-decision-dialog';

const t = lendersText.adminScreens;
const PAGE_SIZE = 5;

type MenuAction = {
  action: Exclude<LenderAction, 'activate'>;
  label: string;
  icon: typeof IconCheck;
  color?: string;
  texts: DecisionTexts;
};

const menuActions: MenuAction[] = [
  {
    action: 'approve',
    label: t.approve,
    icon: IconCheck,
    texts: { failure: lendersText.approvalFailed },
  },
  {
    action: 'reject',
    label: t.reject,
    icon: IconX,
    texts: { failure: lendersText.rejectionFailed },
  },
  {
    action: 'block',
    label: t.block,
    icon: IconBan,
    color: 'red',
    texts: { failure: lendersText.blockingFailed },
  },
  {
    action: 'suspend',
    label: t.suspend,
    icon: IconHourglassHigh,
    texts: { failure: lendersText.suspensionFailed },
  },
];

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Sorts by first or last name, ignoring case; lenders without that name go last. */
function sortLenders(lenders: Lender[], sorting: MRT_SortingState): Lender[] {
  const [rule] = sorting;
  if (!rule || (rule.id !== 'firstName' && rule.id !== 'lastName')) return lenders;
  const key = rule.id;
  const direction = rule.desc ? -1 : 1;
  return [...lenders].sort((a, b) => {
    const left = a[key]?.trim() ?? '';
    const right = b[key]?.trim() ?? '';
    if (!left || !right) return left ? -1 : right ? 1 : 0;
    return direction * byName.compare(left, right);
  });
}

function RowMenu({
  lender,
  busy,
  onAction,
}: {
  lender: Lender;
  busy: boolean;
  onAction: (action: MenuAction) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          loading={busy}
          disabled={busy}
          aria-label={t.actionsFor(lenderName(lender))}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t.actionsMenu}</Menu.Label>
        {menuActions.map((item) => (
          <Menu.Item
            key={item.action}
            color={item.color}
            leftSection={<item.icon size={16} />}
            onClick={() => onAction(item)}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ApproveLendersPage() {
  const lenders = useQuery(lendersQuery());
  useFailureToast(lenders.error, lendersText.lendersFetchFailed);
  const { act, busy, dialog } = useDecisionsAskingFirst();
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [page, setPage] = useState(0);

  const rows = useMemo(() => {
    const listed = (lenders.data ?? []).filter(isListed);
    return sortLenders(
      listed.filter((lender) => matchesSearch(lender, search)),
      sorting,
    );
  }, [lenders.data, search, sorting]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const loading = lenders.isLoading;

  const columns = useMemo<MRT_ColumnDef<Lender>[]>(
    () => [
      ...lenderNameColumns,
      {
        id: 'status',
        header: t.columns.status,
        enableSorting: false,
        accessorKey: 'status',
        Cell: ({ row }) => <ApprovalStatusBadge status={row.original.status} />,
      },
      {
        id: 'action',
        header: t.columns.action,
        enableSorting: false,
        size: 90,
        Cell: ({ row }) => (
          <RowMenu
            lender={row.original}
            busy={busy?.id === row.original.id}
            onAction={(item) => act(item.action, row.original, item.texts)}
          />
        ),
      },
    ],
    [busy, act],
  );

  return (
    <Stack gap="lg">
      <PageHead
        title={t.approvalTitle}
        description={t.approvalSubtitle}
        action={
          <Button
            component={Link}
            to={paths.dashboard.adminApproval}
            variant="light"
            mih={44}
            w={{ base: '100%', sm: 'auto' }}
            leftSection={<IconListCheck size={18} />}
          >
            {t.pendingApplications}
          </Button>
        }
      />
      <TextInput
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        maw={{ sm: 360 }}
        size="md"
        type="search"
      />
      <DataTable
        columns={columns}
        data={lenders.data ? pageRows : undefined}
        loading={loading}
        error={lenders.error}
        onRetry={() => void lenders.refetch()}
        emptyText={search.trim() ? t.noSearchMatch : t.noLenders}
        getRowId={(lender) => String(lender.id)}
        renderCard={(lender) => (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {lenderName(lender)}
              </Text>
              {lender.email && lender.email !== lenderName(lender) && (
                <Text size="sm" c="dimmed" truncate>
                  {lender.email}
                </Text>
              )}
              <Group gap="xs">
                <ApprovalStatusBadge status={lender.status} />
              </Group>
            </Stack>
            <RowMenu
              lender={lender}
              busy={busy?.id === lender.id}
              onAction={(item) => act(item.action, lender, item.texts)}
            />
          </Group>
        )}
        options={{
          manualSorting: true,
          enableMultiSort: false,
          manualPagination: true,
          enablePagination: false,
          enableBottomToolbar: false,
          enableTopToolbar: false,
          onSortingChange: (updater) => {
            setSorting(updater);
            setPage(0);
          },
          state: {
            sorting,
            isLoading: loading,
            showSkeletons: loading,
            pagination: { pageIndex: 0, pageSize: PAGE_SIZE },
          },
        }}
      />
      {lenders.data && rows.length > 0 && (
        <ListPager page={current} pages={pages} onPage={setPage} />
      )}
      {dialog}
    </Stack>
  );
}
