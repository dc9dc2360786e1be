/**
 * The switch between English and Kiswahili (the README's "Working offline (agents)") on the
 * agent's sign-in screen: it stores the other language on the phone and reloads
 * (src/i18n/language.ts). The user menu's switch is src/app/shell/language-menu-items.tsx.
 */
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { languageNames } from '../domain/languages';
import { otherLanguage, switchLanguage } from '../i18n/language';
import { shellText } from '../i18n/shell';

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
