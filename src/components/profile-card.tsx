/**
 * A signed-in person's own profile page (lender, agent):
 * the page in its states, and the profile's head (initials in an avatar, the name, the
 * email and the account's status badge) above its Personal and Business tabs.
 */
import { Avatar, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { agentsText as t } from '../i18n/agents';
import { FailureAlert } from './failure-alert';
import { PageHead } from './page-head';

type ProfileCardProps = {
  initials: string;
  name: string;
  email: string;
  badge: ReactNode;
};

/**
 * The page: its head, then what the read of the person's record gives: not signed in,
 * the failure with retry, the loading skeleton, or the profile (`children`). A profile is
 * about the person, so it loads whether or not a business is selected.
 */
export function OwnProfilePage<T>({
  subtitle,
  failedTitle,
  signedIn,
  profile,
  tabsHeight,
  children,
}: {
  subtitle: string;
  failedTitle: string;
  signedIn: boolean;
  profile: { data: T | undefined; error: { message: string } | null; refetch: () => unknown };
  /** The loading skeleton's height for the tabs. */
  tabsHeight: number;
  children: (record: T) => ReactNode;
}) {
  return (
    <Stack gap="lg">
      <PageHead title={t.profileTitle} description={subtitle} />
      {!signedIn ? (
        <FailureAlert title={failedTitle} message={t.notAuthenticated} />
      ) : profile.error ? (
        <FailureAlert
          title={failedTitle}
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : profile.data ? (
        children(profile.data)
      ) : (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={88} radius="md" />
          <Skeleton height={tabsHeight} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

/** The profile: its card, then the Personal tab (a card) and the Business tab. */
export function ProfileTabs({
  card,
  growTabs = false,
  personal,
  business,
}: {
  card: ProfileCardProps;
  /** The tabs share the width (the agent's phone). */
  growTabs?: boolean;
  personal: ReactNode;
  business: ReactNode;
}) {
  return (
    <Stack gap="md">
      <ProfileCard {...card} />
      <Tabs defaultValue="personal" keepMounted={false}>
        <Tabs.List grow={growTabs}>
          <Tabs.Tab value="personal" leftSection={<IconUser size={16} />} mih={44}>
            {t.personalTab}
          </Tabs.Tab>
          <Tabs.Tab value="business" leftSection={<IconBuildingStore size={16} />} mih={44}>
            {t.businessTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="personal" pt="md">
          {personal}
        </Tabs.Panel>
        <Tabs.Panel value="business" pt="md">
          {business}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ProfileCard({ initials, name, email, badge }: ProfileCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar color="teal" radius="xl" size={56}>
          {initials}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="sm" c="dimmed" truncate>
            {email}
          </Text>
          <Group gap="xs">{badge}</Group>
        </Stack>
      </Group>
    </Card>
  );
}
