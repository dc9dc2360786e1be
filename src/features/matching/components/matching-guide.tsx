import { Card, List, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { matchingText as t } from '../../../i18n/matching';

/** The how-to guide of the Unmatched tab (spec part 2 §2 "Manual Match Management"). */
export function MatchingGuide() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.guideTitle}>
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <IconBulb size={20} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t.guideTitle}
        </Title>
      </Group>
      <List type="ordered" spacing="xs" size="sm">
        {t.guideSteps.map((step) => (
          <List.Item key={step}>
            <Text size="sm">{step}</Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
