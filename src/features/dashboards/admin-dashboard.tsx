/**
 * Admin Dashboard: platform totals of lenders, businesses, agents
 * and borrowers by status, the paybills waiting for verification (docs/architecture.md §6), then
 * the Recent Activity (the latest administrators' actions, each linking to the lender's
 * review page) and System Alerts panels.
 */
import {
  Anchor,
  Card,
  Center,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconActivity,
  IconAlertTriangle,
  IconBuildingStore,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { adminText } from '../../i18n/admin';
import { dashboardsText as t } from '../../i18n/dashboards';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import {
  countSources,
  emptyCounts,
  statusCountsQuery,
  type CountSource,
} from './api/get-status-counts';
import {
  RECENT_ACTIVITY_COUNT,
  recentActivityQuery,
  type AuditEntry,
} from './api/get-recent-activity';
import { PageHead } from '../../components/page-head';
import { StatusBadge } from '../../components/status-badge';
import { PaybillsWaitingPanel } from './components/paybills-waiting-panel';
import { StatusCountsCard } from './components/status-counts-card';
import { useFigures } from './hooks/use-figures';

const cards: { source: CountSource; title: string; icon: TablerIcon }[] = [
  { source: 'lenders', title: t.lenderOverview, icon: IconUserShield },
  { source: 'businesses', title: t.lenderBusinessOverview, icon: IconBuildingStore },
  { source: 'agents', title: t.agentOverview, icon: IconUsersGroup },
  { source: 'borrowers', title: t.borrowerOverview, icon: IconUsers },
];

/** Agents' "suspended" count is shown as Pending on this card. */
function statusRow(source: CountSource, status: string, count: number) {
  if (source === 'agents' && status === 'suspended') {
    return { status: 'pending', label: t.statusCounts.agentSuspended, count };
  }
  return { status, label: (t.statusCounts as Record<string, string>)[status] ?? status, count };
}

function OverviewCard({
  source,
  title,
  icon,
}: {
  source: CountSource;
  title: string;
  icon: TablerIcon;
}) {
  const { data, loading } = useFigures(statusCountsQuery(source), emptyCounts(source));
  const rows = countSources[source].statuses.map((status) =>
    statusRow(source, status, data.byStatus[status] ?? 0),
  );
  return (
    <StatusCountsCard title={title} icon={icon} total={data.total} rows={rows} loading={loading} />
  );
}

function EmptyState({ text, icon: Icon }: { text: string; icon: TablerIcon }) {
  return (
    <Center mih={160}>
      <Stack align="center" gap="xs">
        <Icon size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

function EmptyPanel({ title, text, icon }: { title: string; text: string; icon: TablerIcon }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        {title}
      </Title>
      <EmptyState text={text} icon={icon} />
    </Card>
  );
}

const noActivity: AuditEntry[] = [];

function ActivityItem({ entry }: { entry: AuditEntry }) {
  const subject =
    entry.subjectEmail ?? adminText.auditSubject(entry.subjectType, entry.subjectId ?? 0);
  const what = `${adminText.auditActions[entry.action] ?? entry.action} ${subject}`;
  const to = entry.details?.to;
  return (
    <Stack gap={2} role="listitem">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        {entry.subjectType === 'lender' && entry.subjectId !== null ? (
          <Anchor
            component={Link}
            to={paths.dashboard.approveLenderReview(entry.subjectId)}
            fw={600}
            size="sm"
            truncate
            mih={24}
          >
            {what}
          </Anchor>
        ) : (
          <Text fw={600} size="sm" truncate>
            {what}
          </Text>
        )}
        {to && <StatusBadge status={to} label={to} />}
      </Group>
      <Text size="xs" c="dimmed">
        {adminText.auditByline(
          entry.actorEmail ?? adminText.unknownActor,
          formatDateTime(entry.at),
        )}
      </Text>
    </Stack>
  );
}

function RecentActivityPanel() {
  const { data, loading } = useFigures(recentActivityQuery(), noActivity);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {t.recentActivity}
        </Title>
        {data.length > 0 && (
          <Anchor component={Link} to={paths.dashboard.auditLogs} size="sm">
            {adminText.viewAllActivity}
          </Anchor>
        )}
      </Group>
      {loading ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          {Array.from({ length: RECENT_ACTIVITY_COUNT }, (_, i) => (
            <Skeleton key={i} h={36} radius="sm" />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <EmptyState text={t.recentActivityEmpty} icon={IconActivity} />
      ) : (
        <Stack gap="md" mt="md" role="list" aria-label={t.recentActivity}>
          {data.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function AdminDashboard() {
  return (
    <Stack gap="lg">
      <PageHead title={t.adminTitle} description={t.adminSubtitle} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {cards.map((card) => (
          <OverviewCard key={card.source} {...card} />
        ))}
      </SimpleGrid>
      <PaybillsWaitingPanel />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecentActivityPanel />
        <EmptyPanel title={t.systemAlerts} text={t.systemAlertsEmpty} icon={IconAlertTriangle} />
      </SimpleGrid>
    </Stack>
  );
}
