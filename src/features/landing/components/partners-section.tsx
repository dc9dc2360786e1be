import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconApi, IconBuildingBank, IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { landingText } from '../../../i18n/landing';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';

const text = landingText.partners;

type PartnerKey = (typeof text.items)[number]['key'];

const partnerIcons: Record<PartnerKey, typeof IconApi> = {
  mpesa: IconDeviceMobile,
  daraja: IconApi,
  bank: IconBuildingBank,
  notifications: IconMail,
};

export function PartnersSection() {
  return (
    <LandingSection
      id={sectionIds.integrations}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {text.items.map((item) => {
          const Icon = partnerIcons[item.key];
          return (
            <Paper key={item.key} withBorder radius="lg" p="lg">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md">
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <div>
                  <Text fw={800} fz="lg" lh={1.3}>
                    {item.name}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {item.description}
                  </Text>
                </div>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
    </LandingSection>
  );
}
