/**
 * The switch between English and Kiswahili in the agent's user menu (the sign-in screen's is
 * src/components/language-switch.tsx). A module of its own, loaded with the menus
 * (overlays.tsx): beside the sign-in's button, it put Mantine's Menu in the sign-in pages'
 * chunk, and the first tap on the user menu loaded and ran that whole chunk and its styles.
 */
import { Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { languageNames } from '../../domain/languages';
import { otherLanguage, switchLanguage } from '../../i18n/language';
import { shellText } from '../../i18n/shell';

/** A menu item for the user menu, under a label naming the current language. */
export function LanguageMenuItems() {
  return (
    <>
      <Menu.Label>{shellText.language}</Menu.Label>
      <Menu.Item
        leftSection={<IconLanguage size={16} />}
        aria-label={shellText.switchLanguageLabel}
        onClick={switchLanguage}
      >
        {languageNames[otherLanguage()]}
      </Menu.Item>
    </>
  );
}
