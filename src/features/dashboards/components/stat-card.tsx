import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

export type Figure = { label: string; value: string };

/** A dashboard card: a title, its main figure large, and supporting figures below. */
export function StatCard({
  title,
  icon: Icon,
  main,
  others = [],
  loading,
}: {
  title: string;
  icon: TablerIcon;
  main: Figure;
  others?: Figure[];
  loading: boolean;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      aria-busy={loading}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Text fw={600} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.03em' }}>
          {title}
        </Text>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {main.label}
        </Text>
        {loading ? (
          <Skeleton h={32} w="70%" />
        ) : (
          <Text fw={700} fz={22} lh={1.25}>
            {main.value}
          </Text>
        )}
      </Stack>
      {others.length > 0 && (
        <Stack gap={4} mt="md">
          {others.map((figure) => (
            <Group key={figure.label} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
              {loading ? (
                <Skeleton h={16} w={60} />
              ) : (
                <Text size="sm" fw={600}>
                  {figure.value}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
