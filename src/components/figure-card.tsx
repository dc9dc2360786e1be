import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/**
 * A summary card above a list: its title, the figure large, and what the figure counts.
 * `narrow` puts the icon above the title, for cards three to a row on a phone, where an
 * icon beside the title would run over it.
 */
export function FigureCard({
  title,
  icon: Icon,
  value,
  caption,
  loading,
  narrow = false,
}: {
  title: string;
  icon: TablerIcon;
  value: string;
  caption?: string;
  loading: boolean;
  narrow?: boolean;
}) {
  const icon = (
    <ThemeIcon variant="light" radius="md" size={narrow ? 'md' : 'lg'} aria-hidden>
      <Icon size={narrow ? 16 : 20} />
    </ThemeIcon>
  );
  const figures = (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text
        fw={600}
        size={narrow ? 'xs' : 'sm'}
        c="dimmed"
        tt="uppercase"
        style={{ letterSpacing: '0.03em', overflowWrap: 'break-word' }}
      >
        {title}
      </Text>
      {loading ? (
        <Skeleton h={30} w={narrow ? 60 : 140} />
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
  );
  return (
    <Card
      component="section"
      aria-label={title}
      aria-busy={loading}
      withBorder
      radius="md"
      padding={narrow ? 'sm' : 'lg'}
    >
      {narrow ? (
        <Stack gap={6}>
          {icon}
          {figures}
        </Stack>
      ) : (
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {figures}
          {icon}
        </Group>
      )}
    </Card>
  );
}
