/**
 * The switch between English and Kiswahili (the README's "Working offline (agents)"), for the
 * agent's sign-in screen and menu: it stores the other language on the phone and reloads
 * (src/i18n/language.ts).
 */
import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { languageNames, type Language } from '../domain/languages';
import { appLanguage, setAppLanguage } from '../i18n/language';
import { shellText } from '../i18n/shell';

function otherLanguage(): Language {
  return appLanguage() === 'sw' ? 'en' : 'sw';
}

function switchLanguage() {
  setAppLanguage(otherLanguage());
}

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
    >
      {languageNames[otherLanguage()]}
    </Button>
  );
}
