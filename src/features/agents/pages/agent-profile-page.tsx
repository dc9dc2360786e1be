/**
 * /dashboard/agent/profile (the spec's "What the product does", "Screens and routes"): the signed-in agent's own record from
 * GET /agent/me/{userId}, in a Personal tab (its details, and a form to update its name
 * and phone number) and a Business tab listing each business it works for with its area
 * there. A profile is about the person, not one business, so it loads whether or not a
 * business is selected.
 */
import { Badge, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconBuildingStore, IconMapPin, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { ProfileCard } from '../../../components/profile-card';
import { StatusBadge } from '../../../components/status-badge';
import { agentsText as t } from '../../../i18n/agents';
import { capitalizeWords, formatDate, orNA } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { agentQuery } from '../api/get-agent';
import { AgentStatusBadge } from '../components/agent-status-badge';
import { DetailList } from '../../../components/detail-list';
import { OwnProfileForm } from '../components/own-profile-form';
import { areaIn, type Agent } from '../types/agent';
import { personName } from '../../../lib/names';

export function AgentProfilePage() {
  const { user } = useSession();
  const profile = useQuery({ ...agentQuery(user?.id ?? 0), enabled: user !== null });

  return (
    <Stack gap="lg">
      <PageHead title={t.profileTitle} description={t.agentProfileSubtitle} />
      {!user ? (
        <FailureAlert title={t.dataFailed} message={t.notAuthenticated} />
      ) : profile.error ? (
        <FailureAlert
          title={t.dataFailed}
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : profile.data ? (
        <Profile key={profile.data.id} agent={profile.data} />
      ) : (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={88} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function initials(agent: Agent): string {
  return `${agent.firstName.charAt(0)}${agent.lastName.charAt(0)}`.toUpperCase();
}

function Profile({ agent }: { agent: Agent }) {
  return (
    <Stack gap="md">
      <ProfileCard
        initials={initials(agent)}
        name={personName(agent)}
        email={agent.email}
        badge={<AgentStatusBadge status={agent.status} />}
      />
      <Tabs defaultValue="personal" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="personal" leftSection={<IconUser size={16} />} mih={44}>
            {t.personalTab}
          </Tabs.Tab>
          <Tabs.Tab value="business" leftSection={<IconBuildingStore size={16} />} mih={44}>
            {t.businessTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="personal" pt="md">
          <Card withBorder radius="md" padding="lg">
            <DetailList
              roomy
              items={[
                { label: t.nameLabel, value: personName(agent) },
                { label: t.emailLabel, value: agent.email },
                { label: t.phoneLabel, value: orNA(agent.phoneNumber) },
                { label: t.idNumberLabel, value: orNA(agent.idNumber) },
                { label: t.statusLabel, value: <AgentStatusBadge status={agent.status} /> },
                { label: t.memberSince, value: formatDate(agent.createdAt) },
              ]}
            />
          </Card>
          <Card withBorder radius="md" padding="lg" mt="md">
            <OwnProfileForm agent={agent} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="business" pt="md">
          <AgentBusinesses agent={agent} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function AgentBusinesses({ agent }: { agent: Agent }) {
  const { business: selected } = useSelectedBusiness();
  if (agent.lenderBusinesses.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed">{t.agentNoBusinesses}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {agent.lenderBusinesses.map((business) => {
        const area = areaIn(agent, business.id);
        return (
          <Card key={business.id} withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {business.businessName}
                </Text>
                {selected?.id === business.id && (
                  <Badge variant="filled" tt="none" style={{ flexShrink: 0 }}>
                    {t.currentBusiness}
                  </Badge>
                )}
              </Group>
              <Group gap="md">
                <Text size="sm" c="dimmed">
                  {t.businessCode}: {business.lenderBusinessCode}
                </Text>
                <StatusBadge status={business.status} label={capitalizeWords(business.status)} />
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm">
                  {t.areaColumn}: {area ? area.name : t.noArea}
                </Text>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
