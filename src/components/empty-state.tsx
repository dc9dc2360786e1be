/** What a table shows when it has no rows (DataTable's narrow and wide screens alike). */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Group justify="center" p="xl">
      <Text c="dimmed" ta="center" maw={480}>
        {children}
      </Text>
    </Group>
  );
}
