/**
 * The head of a signed-in person's own profile page (lender, agent): initials in an
 * avatar, the name, the email and the account's status badge.
 */
import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ProfileCard({
  initials,
  name,
  email,
  badge,
}: {
  initials: string;
  name: string;
  email: string;
  badge: ReactNode;
}) {
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
