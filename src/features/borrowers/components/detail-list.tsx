import { SimpleGrid, Stack, Text } from '@mantine/core';

/** Label and value pairs of a borrower tab, two columns on wide screens. */
export function DetailList({ items }: { items: { label: string; value: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
