import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/** A summary card above a list: its title, the figure large, and what the figure counts. */
export function FigureCard({
  title,
  icon: Icon,
  value,
  caption,
  loading,
}: {
  title: string;
  icon: TablerIcon;
  value: string;
  caption?: string;
  loading: boolean;
}) {
  return (
    <Card
      component="section"
      aria-label={title}
      aria-busy={loading}
      withBorder
      radius="md"
      padding="lg"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.03em' }}>
            {title}
          </Text>
          {loading ? (
            <Skeleton h={30} w={140} />
          ) : (
            <Text fw={700} fz={24} lh={1.25}>
              {value}
            </Text>
          )}
          {caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
