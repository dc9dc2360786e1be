import { Accordion, SimpleGrid } from '@mantine/core';
import { landingText } from '../../../i18n/landing';
import { LandingSection } from './landing-section';
import { sectionIds } from './section-ids';

const text = landingText.faq;

export function FaqSection() {
  return (
    <LandingSection
      id={sectionIds.faq}
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
      tinted
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        {text.columns.map((column, index) => (
          <Accordion key={index} variant="separated" radius="md" chevronPosition="right">
            {column.map((item) => (
              <Accordion.Item key={item.key} value={item.key} bg="var(--mantine-color-body)">
                <Accordion.Control fw={600} mih={56}>
                  {item.question}
                </Accordion.Control>
                <Accordion.Panel c="dimmed">{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
