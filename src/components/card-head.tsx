/**
 * The first line of a record's card on a phone (the cards of DataTable and the dashboards'
 * lists): its name in bold, cut to one line, and at the right what stands out about it (a
 * status badge, an amount), which never wraps under it.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardHead({ title, aside }: { title: ReactNode; aside: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={600} truncate>
        {title}
      </Text>
      {aside}
    </Group>
  );
}
