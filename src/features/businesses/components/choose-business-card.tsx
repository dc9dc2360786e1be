import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { setupText as t } from '../../../i18n/setup';

/** Shown instead of a list until a business is selected (spec part 2 §1). */
export function ChooseBusinessCard({ selectorPath }: { selectorPath: string }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={420} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingStore size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t.chooseBusinessTitle}
        </Title>
        <Text c="dimmed">{t.chooseBusinessText}</Text>
        <Button component={Link} to={selectorPath} size="md" fullWidth mt="xs">
          {t.chooseBusiness}
        </Button>
      </Stack>
    </Card>
  );
}
