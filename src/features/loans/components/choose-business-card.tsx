import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { loansText as t } from '../../../i18n/loans';
import { businessSelectorPathFor } from '../../../lib/business-selector-path';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';

/** Shown instead of the loan screens until a business is selected (spec part 2 §1). */
export function ChooseBusinessCard() {
  const { user } = useSession();
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
        <Button
          component={Link}
          to={businessSelectorPathFor(user?.role) ?? paths.businessSelector}
          size="md"
          fullWidth
          mt="xs"
        >
          {t.chooseBusiness}
        </Button>
      </Stack>
    </Card>
  );
}
