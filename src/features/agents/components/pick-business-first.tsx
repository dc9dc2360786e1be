import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { agentsText as t } from '../../../i18n/agents';
import { paths } from '../../../lib/paths';

/** Agents belong to a business: nothing loads until one is selected. */
export function PickBusinessFirst() {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={440} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconUsersGroup size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t.chooseBusinessTitle}
        </Title>
        <Text c="dimmed">{t.chooseBusinessText}</Text>
        <Button component={Link} to={paths.businessSelector} size="md" fullWidth mt="xs">
          {t.chooseBusiness}
        </Button>
      </Stack>
    </Card>
  );
}
