/**
 * The only inline scripts of the built pages (docs/architecture.md §8). The server allows
 * exactly these texts by their hashes in the Content-Security-Policy
 * (server/lib/security-headers.ts), so a change here needs no second edit.
 */
import { storageKeys } from '../lib/storage-keys';

/**
 * In each page's <head>: sets Mantine's colour-scheme attribute on <html> before the first
 * paint, so a prerendered page paints in the theme the user chose (`vite-ui-theme`:
 * system | light | dark) instead of flashing light first.
 */
export const colorSchemeScript =
  `try{var s=localStorage.getItem(${JSON.stringify(storageKeys.theme)});` +
  `var d=s==="dark"||(s!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);` +
  `document.documentElement.setAttribute("data-mantine-color-scheme",d?"dark":"light")}catch(e){}`;

/**
 * At the end of a prerendered page's <body>: the full stylesheets, held back as `print`
 * so they do not block the first paint (the critical CSS is inlined), apply from here on.
 * It is Beasties' own "media-script" loader, word for word; the build fails if Beasties
 * ever writes another (build/prerender.ts).
 */
export const deferredStylesheetsScript =
  "document.querySelectorAll('link[data-beasties-media]').forEach(function(l){l.media=l.getAttribute('data-beasties-media');l.removeAttribute('data-beasties-media')})";

export const inlineScripts = [colorSchemeScript, deferredStylesheetsScript] as const;
