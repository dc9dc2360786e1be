import { Card, Group, Table, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleX } from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';

const text = landingText.comparison;

/** One answer: a tick and strong text for Mkopo, a cross and muted text for the old way. */
function ComparisonCell({
  mkopo = false,
  className,
  children,
}: {
  mkopo?: boolean;
  className?: string;
  children: string;
}) {
  const Icon = mkopo ? IconCircleCheckFilled : IconCircleX;
  return (
    <Table.Td className={className}>
      <Group gap="xs" wrap="nowrap">
        <Icon
          size={20}
          color={mkopo ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-dimmed)'}
          style={{ flexShrink: 0 }}
          aria-hidden="true"
        />
        <Text fw={mkopo ? 600 : undefined} c={mkopo ? undefined : 'dimmed'} inherit>
          {children}
        </Text>
      </Group>
    </Table.Td>
  );
}

export function ComparisonSection() {
  return (
    <LandingSection
      id="comparison"
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
    >
      <Text size="sm" c="dimmed" ta="center" mb="sm" hiddenFrom="sm">
        {text.swipeHint}
      </Text>
      <Card withBorder radius="lg" padding={0} shadow="xs" maw={960} mx="auto">
        {/* Scrolls sideways on phones: reachable by keyboard, and named for screen readers. */}
        <Table.ScrollContainer
          minWidth={620}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={text.title}
        >
          <Table verticalSpacing="md" horizontalSpacing="lg" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{text.featureHeader}</Table.Th>
                <Table.Th w="40%" className={classes.mkopoColumn}>
                  <Text fw={800} c="teal" inherit>
                    {text.mkopoHeader}
                  </Text>
                </Table.Th>
                <Table.Th>{text.traditionalHeader}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {text.rows.map((row) => (
                <Table.Tr key={row.feature}>
                  <Table.Th scope="row" fw={600}>
                    {row.feature}
                  </Table.Th>
                  <ComparisonCell className={classes.mkopoColumn} mkopo>
                    {row.mkopo}
                  </ComparisonCell>
                  <ComparisonCell>{row.traditional}</ComparisonCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </LandingSection>
  );
}
