import {
  Badge,
  Box,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconCircleCheckFilled,
  IconSend,
  IconTrendingUp,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { landingText } from '../../../i18n/landing';
import { brandFilled } from './brand-color';
import classes from './landing.module.css';
import { MkopoMark } from './mkopo-mark';
import { sectionIds } from './section-ids';

const text = landingText.heroMock;

/** Heights (percent) of the week's repayment bars; the last one is today. */
const weekBars = [46, 62, 54, 78, 70, 88, 96];

type ActivityKey = (typeof text.activity)[number]['key'];

const activityLook: Record<ActivityKey, { icon: typeof IconSend; color: string }> = {
  disbursed: { icon: IconSend, color: 'teal' },
  repaid: { icon: IconArrowDownRight, color: 'blue' },
  borrower: { icon: IconUserPlus, color: 'grape' },
};

function MetricTile({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={800}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

/** A product picture built from Mantine parts: what a lender sees once signed in. */
export function DashboardPreview() {
  return (
    <Box id={sectionIds.preview} pos="relative" role="img" aria-label={text.label}>
      <Paper
        withBorder
        radius="lg"
        shadow="xl"
        p={{ base: 'md', sm: 'lg' }}
        pb={{ base: 'md', sm: 'lg', lg: 64 }}
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <MkopoMark size={30} />
              <Text fw={700}>{text.business}</Text>
            </Group>
            <Badge variant="light" radius="sm">
              {text.period}
            </Badge>
          </Group>

          <Paper radius="md" p="md" className={classes.capitalCard}>
            <Text size="sm" opacity={0.85}>
              {text.capitalLabel}
            </Text>
            <Text fz={{ base: 26, sm: 30 }} fw={800} lh={1.2}>
              {text.capitalValue}
            </Text>
            <Group gap={4} mt={4}>
              <IconTrendingUp size={16} />
              <Text size="sm">{text.capitalChange}</Text>
            </Group>
          </Paper>

          <SimpleGrid cols={2} spacing="sm">
            <MetricTile label={text.activeLoansLabel} value={text.activeLoansValue}>
              <Group gap={4} mt={4} c="teal" wrap="nowrap">
                <IconTrendingUp size={14} />
                <Text size="xs" fw={600} c="teal">
                  {text.activeLoansChange}
                </Text>
              </Group>
            </MetricTile>
            <MetricTile label={text.repaymentLabel} value={text.repaymentValue}>
              <Progress value={98} size="md" radius="xl" mt={10} aria-hidden="true" />
            </MetricTile>
          </SimpleGrid>

          <Box>
            <Group justify="space-between" mb={6}>
              <Text size="xs" c="dimmed" fw={600}>
                {text.chartLabel}
              </Text>
            </Group>
            <Group gap={6} align="flex-end" h={64} wrap="nowrap">
              {weekBars.map((height, index) => (
                <Box
                  key={index}
                  className={classes.bar}
                  h={`${height}%`}
                  data-today={index === weekBars.length - 1 || undefined}
                />
              ))}
            </Group>
            <Group gap={6} wrap="nowrap" mt={4}>
              {text.days.map((day, index) => (
                <Text key={index} size="xs" c="dimmed" ta="center" flex={1}>
                  {day}
                </Text>
              ))}
            </Group>
          </Box>

          <Stack gap={10}>
            <Text size="xs" c="dimmed" fw={600}>
              {text.activityLabel}
            </Text>
            {text.activity.map((item) => {
              const look = activityLook[item.key];
              return (
                <Group key={item.key} gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color={look.color} size={36} radius="md">
                    <look.icon size={18} />
                  </ThemeIcon>
                  <Box miw={0} flex={1}>
                    <Text size="sm" fw={600} truncate>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {item.detail}
                    </Text>
                  </Box>
                  <Stack gap={2} align="flex-end">
                    <Badge variant="light" color={look.color} size="sm">
                      {item.status}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {item.time}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        shadow="lg"
        p="sm"
        className={classes.floating}
        visibleFrom="lg"
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={brandFilled} radius="xl" size={36}>
            <IconCircleCheckFilled size={20} />
          </ThemeIcon>
          <Box>
            <Text size="sm" fw={700}>
              {text.toastTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {text.toastText}
            </Text>
          </Box>
        </Group>
      </Paper>
    </Box>
  );
}
