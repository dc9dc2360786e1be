import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSelectedBusiness } from '../../lib/use-selected-business';
import { shellText } from '../../i18n/shell';

/** The selected business and the way back to the selector, for lenders and agents. */
export function BusinessSwitch({
  selectorPath,
  layout,
}: {
  selectorPath: string;
  /** "bar" sits in the top bar; "panel" heads the phone drawer. */
  layout: 'bar' | 'panel';
}) {
  const { business } = useSelectedBusiness();
  const name = business?.businessName ?? shellText.noBusinessSelected;
  const action = business ? shellText.switchBusiness : shellText.chooseBusiness;

  const label = (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" radius="md" size="md" aria-hidden>
        <IconBuildingStore size={16} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.2}>
          {shellText.currentBusiness}
        </Text>
        <Text size="sm" fw={600} truncate c={business ? undefined : 'dimmed'} lh={1.3}>
          {name}
        </Text>
      </Stack>
    </Group>
  );

  if (layout === 'panel') {
    return (
      <Stack gap="xs">
        {label}
        <Button
          component={Link}
          to={selectorPath}
          variant="light"
          size="md"
          fullWidth
          leftSection={<IconSwitchHorizontal size={16} />}
        >
          {action}
        </Button>
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} maw={420}>
      {label}
      <Button
        component={Link}
        to={selectorPath}
        variant="subtle"
        size="sm"
        leftSection={<IconSwitchHorizontal size={16} />}
        style={{ flexShrink: 0 }}
      >
        {action}
      </Button>
    </Group>
  );
}
