import { Card, Group, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleX } from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import classes from './landing.module.css';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';

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
    <td className={className}>
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
    </td>
  );
}

export function ComparisonSection() {
  return (
    <LandingSection
      id={sectionIds.comparison}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
    >
      <Text size="sm" c="dimmed" ta="center" mb="sm" hiddenFrom="sm">
        {text.swipeHint}
      </Text>
      <Card withBorder radius="lg" padding={0} shadow="xs" maw={960} mx="auto">
        {/* Scrolls sideways on phones: reachable by keyboard, and named for screen readers. */}
        <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={text.title}>
          <table className={classes.table}>
            <thead>
              <tr>
                <th style={{ width: '24%' }}>{text.featureHeader}</th>
                <th style={{ width: '40%' }} className={classes.mkopoColumn}>
                  <Text fw={800} c="teal" inherit>
                    {text.mkopoHeader}
                  </Text>
                </th>
                <th>{text.traditionalHeader}</th>
              </tr>
            </thead>
            <tbody>
              {text.rows.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  <ComparisonCell className={classes.mkopoColumn} mkopo>
                    {row.mkopo}
                  </ComparisonCell>
                  <ComparisonCell>{row.traditional}</ComparisonCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </LandingSection>
  );
}
