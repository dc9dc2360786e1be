import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Label and value pairs of a profile: one column on phones, two on wider screens. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
      {details.map((detail) => (
        <Stack key={detail.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
            {detail.label}
          </Text>
          <Text component="dd" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
            {detail.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
