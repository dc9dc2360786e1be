/**
 * /dashboard/agent/profile: the signed-in agent's own record from
 * GET /agent/me/{userId}, in a Personal tab (its details, and a form to update its name
 * and phone number) and a Business tab listing each business it works for with its area
 * there. A profile is about the person, not one business, so it loads whether or not a
 * business is selected.
 */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { OwnProfilePage, ProfileTabs } from '../../../components/profile-card';
import { BusinessStatusBadge } from '../../../components/business-status-badge';
import { agentsText as t } from '../../../i18n/agents';
import { formatDate, orNA } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { agentQuery } from '../api/get-agent';
import { AgentStatusBadge } from '../components/agent-status-badge';
import { DetailList } from '../../../components/detail-list';
import { OwnProfileForm } from '../components/own-profile-form';
import { areaIn, type Agent } from '../types/agent';
import { initials, personName } from '../../../lib/names';

export function AgentProfilePage() {
  const { user } = useSession();
  const profile = useQuery({ ...agentQuery(user?.id ?? 0), enabled: user !== null });
  return (
    <OwnProfilePage
      subtitle={t.agentProfileSubtitle}
      failedTitle={t.dataFailed}
      signedIn={user !== null}
      profile={profile}
      tabsHeight={280}
    >
      {(agent) => <Profile key={agent.id} agent={agent} />}
    </OwnProfilePage>
  );
}

function Profile({ agent }: { agent: Agent }) {
  return (
    <ProfileTabs
      card={{
        initials: initials(agent),
        name: personName(agent),
        email: agent.email,
        badge: <AgentStatusBadge status={agent.status} />,
      }}
      growTabs
      personal={
        <>
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
        </>
      }
      business={<AgentBusinesses agent={agent} />}
    />
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
                <BusinessStatusBadge status={business.status} />
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
