import { Avatar, Badge, Box, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconQuote, IconTrendingUp } from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';

const text = landingText.testimonials;

export function TestimonialsSection() {
  return (
    <LandingSection
      id={sectionIds.testimonials}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
      tinted
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {text.items.map((item) => (
          <Card key={item.name} component="figure" withBorder radius="lg" padding="xl" m={0}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <IconQuote
                size={32}
                color="var(--mantine-color-teal-light-color)"
                aria-hidden="true"
              />
              <Badge
                variant="light"
                radius="sm"
                tt="none"
                leftSection={<IconTrendingUp size={14} />}
              >
                {item.highlight}
              </Badge>
            </Group>
            <Box component="blockquote" m={0} mt="md" mb="xl">
              <Text fz="md" lh={1.65}>
                {item.quote}
              </Text>
            </Box>
            <Group component="figcaption" gap="sm" wrap="nowrap" mt="auto">
              <Avatar color="teal" radius="xl" size={44}>
                {item.initials}
              </Avatar>
              <div>
                <Text fw={700} size="sm">
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.role}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
