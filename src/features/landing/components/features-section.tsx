import { Card, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconCheck, IconFileDollar, IconUsersGroup } from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';

const text = landingText.features;

type FeatureKey = (typeof text.items)[number]['key'];

const featureIcons: Record<FeatureKey, typeof IconChartBar> = {
  loans: IconFileDollar,
  analytics: IconChartBar,
  agents: IconUsersGroup,
};

export function FeaturesSection() {
  return (
    <LandingSection
      id={sectionIds.features}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {text.items.map((item) => {
          const Icon = featureIcons[item.key];
          return (
            <Card key={item.key} withBorder radius="lg" padding="xl" shadow="xs">
              <ThemeIcon variant="light" size={52} radius="md">
                <Icon size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="xl" mt="lg">
                {item.title}
              </Title>
              <Text c="dimmed" mt="xs">
                {item.description}
              </Text>
              <List
                mt="lg"
                spacing="xs"
                size="sm"
                center
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light">
                    <IconCheck size={12} stroke={3} />
                  </ThemeIcon>
                }
              >
                {item.points.map((point) => (
                  <List.Item key={point}>
                    <Text size="sm" fw={500}>
                      {point}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}
