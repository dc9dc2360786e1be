/**
 * Admin Dashboard (spec part 1 §2.11): platform totals of lenders, businesses, agents
 * and borrowers by status, then the Recent Activity and System Alerts panels.
 */
import { Card, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconActivity,
  IconAlertTriangle,
  IconBuildingStore,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { dashboardsText as t } from '../../i18n/dashboards';
import {
  countSources,
  emptyCounts,
  getStatusCounts,
  type CountSource,
} from './api/get-status-counts';
import { PageHead } from '../../components/page-head';
import { StatusCountsCard } from './components/status-counts-card';
import { useFigures } from './hooks/use-figures';

const cards: { source: CountSource; title: string; icon: TablerIcon }[] = [
  { source: 'lenders', title: t.lenderOverview, icon: IconUserShield },
  { source: 'businesses', title: t.lenderBusinessOverview, icon: IconBuildingStore },
  { source: 'agents', title: t.agentOverview, icon: IconUsersGroup },
  { source: 'borrowers', title: t.borrowerOverview, icon: IconUsers },
];

/** Agents' "suspended" count is shown as Pending on this card (spec part 1 §4). */
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
  const { data, loading } = useFigures(
    `counts:${source}`,
    () => getStatusCounts(source),
    emptyCounts(source),
  );
  const rows = countSources[source].statuses.map((status) =>
    statusRow(source, status, data.byStatus[status] ?? 0),
  );
  return (
    <StatusCountsCard title={title} icon={icon} total={data.total} rows={rows} loading={loading} />
  );
}

function EmptyPanel({
  title,
  text,
  icon: Icon,
}: {
  title: string;
  text: string;
  icon: TablerIcon;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Center mih={160}>
        <Stack align="center" gap="xs">
          <Icon size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text c="dimmed">{text}</Text>
        </Stack>
      </Center>
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <EmptyPanel title={t.recentActivity} text={t.recentActivityEmpty} icon={IconActivity} />
        <EmptyPanel title={t.systemAlerts} text={t.systemAlertsEmpty} icon={IconAlertTriangle} />
      </SimpleGrid>
    </Stack>
  );
}
