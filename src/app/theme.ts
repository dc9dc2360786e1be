/**
 * The Mantine theme and the colour-scheme store. The choice is kept under
 * `vite-ui-theme` as system | light | dark (default system); Mantine calls "system"
 * "auto", so the manager translates at the storage edge.
 */
import {
  createTheme,
  isMantineColorScheme,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { commonText } from '../i18n/common';
import { storageKeys } from '../lib/storage-keys';

/** A close button's props whose name is read when the button renders. */
function closeButtonNamed(name: () => string): { 'aria-label': string } {
  return {
    get 'aria-label'() {
      return name();
    },
  };
}

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // A phone or desktop set to reduce motion gets no sliding or fading dialogs and menus.
  respectReducedMotion: true,
  components: {
    // A close button says what it does (its icon alone has no name for screen readers).
    // Plain objects, not Modal.extend: the theme must not pull dialogs into every page.
    // Each name is read when the button renders (a getter): this module loads before the
    // Kiswahili texts do (src/i18n/language.ts).
    Modal: { defaultProps: { closeButtonProps: closeButtonNamed(() => commonText.close) } },
    Drawer: { defaultProps: { closeButtonProps: closeButtonNamed(() => commonText.close) } },
    // Toasts too; and their message reads in the text colour, not the dimmed grey that
    // falls under 4.5:1 on the toast's background.
    // A picker's list is drawn when it opens, not kept hidden in the page. Mantine keeps it
    // (display: none) by default: a dialog with four pickers drew every option of each,
    // and placing the hidden lists (Floating UI, under flushSync) drew each picker a second
    // time and forced a style pass: about 550 ms of a 4× slower phone's Create Borrower.
    Combobox: { defaultProps: { keepMounted: false } },
    Notification: {
      defaultProps: {
        closeButtonProps: closeButtonNamed(() => commonText.dismissNotification),
      },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },

  colors: {
    teal: [
      '#e6fbf3',
      '#d2f3e6',
      '#a7e6cc',
      '#78d8b0',
      '#52cc99',
      '#3ac58a',
      '#2cc282',
      '#1daa6f',
      '#0b7a55',
      '#006a48',
    ],
  },
});

const toStored = (scheme: MantineColorScheme) => (scheme === 'auto' ? 'system' : scheme);
const fromStored = (value: string | null): MantineColorScheme | null => {
  if (value === 'system') return 'auto';
  return value && isMantineColorScheme(value) ? value : null;
};

export function themeStorageManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => {
      try {
        return fromStored(localStorage.getItem(storageKeys.theme)) ?? defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        localStorage.setItem(storageKeys.theme, toStored(value));
      } catch {
        // Storage can be full or disabled; the choice then lasts for this visit only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea !== localStorage || event.key !== storageKeys.theme) return;
        const scheme = fromStored(event.newValue);
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => localStorage.removeItem(storageKeys.theme),
  };
}
