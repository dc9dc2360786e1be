import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { borrowersText as t } from '../../../i18n/borrowers';
import { paths } from '../../../lib/paths';

/** Borrowers belong to a business: nothing loads until one is selected. */
export function ChooseBusinessFirst() {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={440} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingStore size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t.chooseBusinessTitle}
        </Title>
        <Text c="dimmed">{t.chooseBusinessText}</Text>
        <Button component={Link} to={paths.agentBusinessSelector} size="md" fullWidth mt="xs">
          {t.chooseBusiness}
        </Button>
      </Stack>
    </Card>
  );
}
