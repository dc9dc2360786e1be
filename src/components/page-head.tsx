import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The head every page shares (docs/architecture.md §8): title, what the page is for, action. */
export function PageHead({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {action && (
        <Stack style={{ flex: '1 1 auto', maxWidth: '100%' }} align="flex-end">
          {action}
        </Stack>
      )}
    </Group>
  );
}
