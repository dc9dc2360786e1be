/**
 * The frame of a screen that works on the selected business (spec part 2 §1): its head
 * and, until a business is chosen, a card that leads to the business selector instead
 * of the screen.
 */
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { businessSelectorPathFor } from '../lib/business-selector-path';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { useSelectedBusiness, type SelectedBusiness } from '../lib/use-selected-business';
import { PageHead } from './page-head';

export function BusinessPage({
  title,
  descriptionNoBusiness,
  choose,
  children,
}: {
  title: string;
  descriptionNoBusiness: string;
  /** The texts of the card shown until a business is chosen. */
  choose: { title: string; text: string; action: string };
  /** The screen for the business; keyed by it, so a switch starts afresh. */
  children: (business: SelectedBusiness) => ReactNode;
}) {
  const { business } = useSelectedBusiness();
  if (business)
    return (
      <Stack key={business.id} gap="lg">
        {children(business)}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHead title={title} description={descriptionNoBusiness} />
      <ChooseBusinessCard {...choose} />
    </Stack>
  );
}

function ChooseBusinessCard({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: string;
}) {
  const { user } = useSession();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={420} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingStore size={28} />
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
          {action}
        </Button>
      </Stack>
    </Card>
  );
}
