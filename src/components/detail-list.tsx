import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of a details dialog or card, two to a row from the xs breakpoint. */
export function DetailList({
  items,
  cols = 2,
}: {
  items: { label: string; value: ReactNode }[];
  cols?: 1 | 2;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: cols }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Stack gap={2} key={item.label}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A titled part of a dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
