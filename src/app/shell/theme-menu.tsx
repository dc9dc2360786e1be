import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconDeviceDesktop,
  IconMoon,
  IconSun,
  type TablerIcon,
} from '@tabler/icons-react';
import { shellText } from '../../i18n/shell';
import { DeferredMenu } from './deferred';

/** Light, Dark or System; "auto" is stored as "system" by theme.ts. */
const choices: { scheme: MantineColorScheme; label: string; icon: TablerIcon }[] = [
  { scheme: 'light', label: shellText.themeLight, icon: IconSun },
  { scheme: 'dark', label: shellText.themeDark, icon: IconMoon },
  { scheme: 'auto', label: shellText.themeSystem, icon: IconDeviceDesktop },
];

export function ThemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const CurrentIcon = choices.find((c) => c.scheme === colorScheme)?.icon ?? IconDeviceDesktop;
  return (
    <DeferredMenu
      position="bottom-end"
      width={180}
      shadow="md"
      target={
        <ActionIcon variant="default" size="xl" radius="md" aria-label={shellText.theme}>
          <CurrentIcon size={20} />
        </ActionIcon>
      }
    >
      {({ Menu }) => (
        <>
          <Menu.Label>{shellText.theme}</Menu.Label>
          {choices.map(({ scheme, label, icon: Icon }) => (
            <Menu.Item
              key={scheme}
              leftSection={<Icon size={16} />}
              rightSection={scheme === colorScheme ? <IconCheck size={16} aria-hidden /> : null}
              fw={scheme === colorScheme ? 600 : undefined}
              onClick={() => setColorScheme(scheme)}
            >
              {label}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
