/**
 * Shown instead of a business's screen until a business is selected (spec part 2 §1:
 * most lender and agent screens work on a selected business). The texts are the
 * screen's own.
 */
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { businessSelectorPathFor } from '../lib/business-selector-path';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';

export function ChooseBusinessCard({
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
