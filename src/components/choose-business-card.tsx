/**
 * Shown instead of a screen's data until a business is selected (most
 * lender and agent screens work on one selected business). The button leads to the
 * business selector of the signed-in role.
 */
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { commonText } from '../i18n/common';
import { businessSelectorPathFor } from '../lib/business-selector-path';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';

export function ChooseBusinessCard({
  text,
  title = commonText.chooseBusinessFirst,
  icon: CardIcon = IconBuildingStore,
}: {
  /** Why this screen needs a business. */
  text: string;
  title?: string;
  icon?: Icon;
}) {
  const { user } = useSession();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={440} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <CardIcon size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button
          component={Link}
          to={businessSelectorPathFor(user?.role) ?? paths.businessSelector}
          size="md"
          fullWidth
          mt="xs"
        >
          {commonText.chooseBusiness}
        </Button>
      </Stack>
    </Card>
  );
}
