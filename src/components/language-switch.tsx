/**
 * The switch between English and Kiswahili (the README's "Working offline (agents)"), for the
 * agent's sign-in screen and menu: it stores the other language on the phone and reloads
 * (src/i18n/language.ts).
 */
import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { languageNames } from '../domain/languages';
import { otherLanguage, switchLanguage } from '../i18n/language';
import { shellText } from '../i18n/shell';

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

/** A quiet button for screens without the menu (the agent's sign-in). */
export function LanguageButton() {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} />}
      aria-label={shellText.switchLanguageLabel}
      onClick={switchLanguage}
      // The sign-in page's island finds the switch by it (src/sign-in-islands.ts).
      data-language-switch
    >
      {languageNames[otherLanguage()]}
    </Button>
  );
}
