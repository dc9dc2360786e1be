import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/**
 * Label and value pairs: two to a row from the xs breakpoint in a dialog or card; on a
 * page (`roomy`: profiles, a borrower's tabs) from the sm breakpoint, spaced wider and
 * in the body size.
 */
export function DetailList({
  items,
  cols = 2,
  roomy = false,
}: {
  items: Detail[];
  cols?: 1 | 2;
  roomy?: boolean;
}) {
  return (
    <SimpleGrid
      cols={roomy ? { base: 1, sm: cols } : { base: 1, xs: cols }}
      spacing={roomy ? 'lg' : 'md'}
      verticalSpacing={roomy ? 'md' : 'sm'}
      component="dl"
      m={0}
    >
      {items.map((item) => (
        <Stack gap={2} key={item.label}>
          <Text component="dt" size={roomy ? 'sm' : 'xs'} c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text
            component="dd"
            m={0}
            size={roomy ? 'md' : 'sm'}
            fw={500}
            style={{ overflowWrap: 'anywhere' }}
          >
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
