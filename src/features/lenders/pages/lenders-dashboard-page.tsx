/**
 * Lenders Dashboard (/dashboard/lenders): one tab per lender
 * status present in the data, with counts; details in a dialog; Active lenders can be
 * blocked or suspended, blocked or suspended ones activated, and a pending one is
 * approved from its review page.
 */
import { Badge, Button, Group, Modal, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBan,
  IconCheck,
  IconEye,
  IconHourglassHigh,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { StatusBadge } from '../../../components/status-badge';
import { lenderStatuses } from '../../../domain/roles';
import { lendersText } from '../../../i18n/lenders';
import { capitalizeWords, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { LenderAction } from '../api/decide-lender';
import { lendersQuery, type Lender } from '../api/get-lenders';
import { lenderNameColumns } from '../components/lender-name-columns';
import { LenderDetailsTabs } from '../components/lender-details';
import { useFailureToast } from '../../../lib/failure';
import { lenderName } from '../components/lender-text';
import type { DecisionTexts } from '../components/use-lender-decisions';
import { useDecisionsAskingFirst } from '../components/confirm-decision-dialog';

const t = lendersText.adminScreens;

type RowAction = {
  action: LenderAction;
  label: string;
  busyLabel: string;
  icon: typeof IconBan;
  /** Destructive actions are outlined in red: red text on a tint fails WCAG AA. */
  destructive?: boolean;
  texts: DecisionTexts;
};

const block: RowAction = {
  action: 'block',
  label: t.block,
  busyLabel: t.blocking,
  icon: IconBan,
  destructive: true,
  texts: { failure: lendersText.dashboardBlockFailed, success: lendersText.dashboardBlocked },
};
const suspend: RowAction = {
  action: 'suspend',
  label: t.suspend,
  busyLabel: t.suspending,
  icon: IconHourglassHigh,
  texts: { failure: lendersText.dashboardSuspendFailed, success: lendersText.dashboardSuspended },
};
// The Lenders Dashboard reports an activation with the suspension's words (binding text).
const activate: RowAction = {
  action: 'activate',
  label: t.activate,
  busyLabel: t.activating,
  icon: IconPlayerPlay,
  texts: { failure: lendersText.dashboardApproveFailed, success: lendersText.dashboardSuspended },
};

const actionsByStatus: Record<string, RowAction[]> = {
  Active: [block, suspend],
  Blocked: [activate],
  Suspended: [activate],
};

/** Statuses in the order of the lender's life; any other value after them. */
function statusRank(status: string): number {
  const rank = (lenderStatuses as readonly string[]).indexOf(status);
  return rank === -1 ? lenderStatuses.length : rank;
}

function statusTabs(lenders: Lender[]): { status: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const lender of lenders) counts.set(lender.status, (counts.get(lender.status) ?? 0) + 1);
  return [...counts.entries()]
    .map(([status, count]) => ({ status, count }))
    .sort(
      (a, b) => statusRank(a.status) - statusRank(b.status) || a.status.localeCompare(b.status),
    );
}

export function LendersDashboardPage() {
  const lenders = useQuery(lendersQuery());
  useFailureToast(lenders.error, lendersText.lendersFetchFailed);
  const { act, busy, dialog } = useDecisionsAskingFirst();
  const navigate = useNavigate();
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const [shown, setShown] = useState<Lender | null>(null);

  const all = useMemo(() => lenders.data ?? [], [lenders.data]);
  const tabs = useMemo(() => statusTabs(all), [all]);
  // Until the administrator picks a tab, show the Active lenders, where the actions are.
  const preferred = chosenTab ?? 'Active';
  const tab = tabs.some((entry) => entry.status === preferred)
    ? preferred
    : (tabs[0]?.status ?? null);
  const rows = useMemo(() => all.filter((lender) => lender.status === tab), [all, tab]);

  const actions = useCallback(
    (lender: Lender) => (
      <LenderActions
        lender={lender}
        busy={busy?.id === lender.id ? busy.action : null}
        // Block and Suspend take the account away: they ask first; Activate does not.
        onDecide={(item) => act(item.action, lender, item.texts)}
        onApprove={() => void navigate(paths.dashboard.approveLenderReview(lender.id))}
      />
    ),
    [busy, act, navigate],
  );

  const columns = useMemo<MRT_ColumnDef<Lender>[]>(
    () => [
      ...lenderNameColumns,
      {
        id: 'status',
        header: t.columns.status,
        accessorKey: 'status',
        enableSorting: false,
        Cell: ({ row }) => (
          <StatusBadge status={row.original.status} label={capitalizeWords(row.original.status)} />
        ),
      },
      {
        id: 'createdAt',
        header: t.columns.creationDate,
        accessorFn: (lender) => lender.createdAt,
        Cell: ({ row }) => formatDate(row.original.createdAt),
      },
      {
        id: 'details',
        header: t.columns.details,
        enableSorting: false,
        size: 120,
        Cell: ({ row }) => (
          <Button
            variant="subtle"
            size="sm"
            mih={44}
            leftSection={<IconEye size={16} />}
            onClick={() => setShown(row.original)}
          >
            {t.viewDetails}
            <VisuallyHidden>{` — ${lenderName(row.original)}`}</VisuallyHidden>
          </Button>
        ),
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 250,
        Cell: ({ row }) => actions(row.original),
      },
    ],
    [actions],
  );

  const table = (
    <DataTable
      columns={columns}
      data={lenders.data ? rows : undefined}
      loading={lenders.isLoading}
      error={lenders.error}
      onRetry={() => void lenders.refetch()}
      emptyText={lenders.data?.length ? t.noLendersWithStatus : t.noLenders}
      getRowId={(lender) => String(lender.id)}
      renderCard={(lender) => (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {lenderName(lender)}
              </Text>
              <Text size="sm" c="dimmed">
                {t.columns.creationDate}: {formatDate(lender.createdAt)}
              </Text>
            </Stack>
            <StatusBadge status={lender.status} label={capitalizeWords(lender.status)} />
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              mih={44}
              leftSection={<IconEye size={16} />}
              onClick={() => setShown(lender)}
            >
              {t.viewDetails}
            </Button>
            {actions(lender)}
          </Group>
        </Stack>
      )}
      options={{ enableTopToolbar: false }}
    />
  );

  return (
    <Stack gap="lg">
      <PageHead title={t.dashboardTitle} description={t.dashboardSubtitle} />
      {tabs.length > 0 ? (
        <Tabs value={tab} onChange={setChosenTab}>
          <Tabs.List aria-label={t.statusTabs}>
            {tabs.map((entry) => (
              <Tabs.Tab
                key={entry.status}
                value={entry.status}
                mih={44}
                rightSection={
                  <Badge size="sm" variant="light" color="gray" circle={entry.count < 10}>
                    {entry.count}
                  </Badge>
                }
              >
                {capitalizeWords(entry.status)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab ?? ''} pt="md">
            {table}
          </Tabs.Panel>
        </Tabs>
      ) : (
        table
      )}
      <LenderDetailsDialog lender={shown} onClose={() => setShown(null)} />
      {dialog}
    </Stack>
  );
}

function LenderActions({
  lender,
  busy,
  onDecide,
  onApprove,
}: {
  lender: Lender;
  /** The action running on this lender, if any. */
  busy: LenderAction | null;
  onDecide: (item: RowAction) => void;
  onApprove: () => void;
}) {
  if (lender.status === 'Pending') {
    return (
      <Button size="sm" mih={44} leftSection={<IconCheck size={16} />} onClick={onApprove}>
        {t.approve}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {(actionsByStatus[lender.status] ?? []).map((item) => (
        <Button
          key={item.action}
          size="sm"
          mih={44}
          variant={item.destructive ? 'outline' : 'light'}
          color={item.destructive ? 'red' : undefined}
          leftSection={<item.icon size={16} />}
          disabled={busy !== null}
          onClick={() => onDecide(item)}
        >
          {busy === item.action ? item.busyLabel : item.label}
        </Button>
      ))}
    </Group>
  );
}

function LenderDetailsDialog({ lender, onClose }: { lender: Lender | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <Modal
      opened={lender !== null}
      onClose={onClose}
      title={lender ? lenderName(lender) : ''}
      size={800}
      fullScreen={phone}
      centered
    >
      {lender && (
        <LenderDetailsTabs
          lender={lender}
          labels={{ personal: t.personalDetailsTab, business: t.businessDetailsTab }}
          first="business"
        />
      )}
    </Modal>
  );
}
