import { Card, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBulb,
  IconFileDollar,
  IconRocket,
  IconUserPlus,
  IconWallet,
} from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import { brandFilled } from './brand-color';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';
import classes from './landing.module.css';

const text = landingText.howItWorks;

type StepKey = (typeof text.steps)[number]['key'];

const stepIcons: Record<StepKey, typeof IconWallet> = {
  signup: IconUserPlus,
  funds: IconWallet,
  plans: IconFileDollar,
  lend: IconRocket,
};

export function HowItWorksSection() {
  return (
    <LandingSection
      id={sectionIds.howItWorks}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
      tinted
    >
      <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" p={0} m={0}>
        {text.steps.map((step, index) => {
          const Icon = stepIcons[step.key];
          return (
            <Card
              key={step.key}
              component="li"
              withBorder
              radius="lg"
              padding="lg"
              style={{ listStyle: 'none' }}
            >
              <Group justify="space-between" align="center">
                <ThemeIcon size={48} radius="md" color={brandFilled}>
                  <Icon size={26} stroke={1.6} />
                </ThemeIcon>
                {/* Decoration only (the list is numbered already): drawn by CSS, not text. */}
                <span
                  className={classes.stepNumber}
                  data-number={String(index + 1).padStart(2, '0')}
                  aria-hidden="true"
                />
              </Group>
              <Title order={3} fz="lg" mt="lg">
                {step.title}
              </Title>
              <Text size="sm" c="dimmed" mt="xs" mb="lg">
                {step.description}
              </Text>
              <Paper radius="md" p="sm" mt="auto" bg="var(--mantine-color-teal-light)">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconBulb
                    size={18}
                    color="var(--mantine-color-teal-light-color)"
                    style={{ flexShrink: 0, marginTop: 2 }}
                  />
                  <Text size="sm">
                    <Text span fw={700} inherit>
                      {text.tipLabel}
                    </Text>{' '}
                    {step.tip}
                  </Text>
                </Group>
              </Paper>
            </Card>
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}
