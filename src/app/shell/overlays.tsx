/**
 * What the shell draws only when asked: its menus (user, theme, the collapsed sidebar's reports),
 * its tooltips and the language items. Mantine's Menu and Tooltip bring floating-ui with them;
 * deferred.tsx loads this module once the first screen is drawn, or at the first touch.
 */
export { Menu, Tooltip } from '@mantine/core';
export { LanguageMenuItems } from './language-menu-items';
