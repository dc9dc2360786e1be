/**
 * The how-to guide of the Unmatched tab:
 * why a payment is unmatched and how to match it. Open on wide screens; folded on
 * phones, where it would push the payments below the fold.
 */
import { Accordion, List, Text, ThemeIcon } from '@mantine/core';
import { usePhone } from '../../../lib/use-phone';
import { IconBulb } from '@tabler/icons-react';
import { matchingText as t } from '../../../i18n/matching';

const GUIDE = 'guide';

export function MatchingGuide() {
  const phone = usePhone();
  return (
    <Accordion variant="contained" radius="md" order={2} defaultValue={phone ? null : GUIDE}>
      <Accordion.Item value={GUIDE}>
        <Accordion.Control
          icon={
            <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
              <IconBulb size={20} />
            </ThemeIcon>
          }
        >
          <Text fw={700}>{t.guideTitle}</Text>
        </Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" spacing="xs" size="sm">
            {t.guideSteps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
