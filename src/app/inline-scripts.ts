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

/**
 * At the end of a prerendered page's <body>, after the stylesheets' loader: the page's
 * route chunks (`<link data-after-paint="modulepreload">`, written by build/prerender.ts)
 * are fetched once the browser reports the first paint, not alongside the HTML: the paint
 * needs none of them, and the entry script is fetched first. A browser without paint
 * timing fetches them at once. They are handed over eight at a time, a task each: starting
 * forty fetches in one go held a slow phone's main thread for about 70 ms.
 */
export const afterPaintScript =
  "(function(){var q;function a(){q=q||[].slice.call(document.querySelectorAll('link[data-after-paint]'));" +
  "q.splice(0,8).forEach(function(l){l.rel=l.getAttribute('data-after-paint');l.removeAttribute('data-after-paint')});if(q.length)setTimeout(a,0)}" +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(e,o){o.disconnect();a()}).observe({type:'paint',buffered:true});else a()})()";

/**
 * In shell.html's <head> only (the page every signed-in route opens with): names the stored
 * session's role on <html> (`data-shell-role`), so the shell's placeholder outlines the
 * agent's bottom bar on a phone before any code has loaded (src/app/shell/shell-skeleton.tsx).
 * It reads the token's claims without checking them: they only choose an outline.
 */
export const shellRoleScript =
  `try{var t=localStorage.getItem(${JSON.stringify(storageKeys.token)}).split(".")[1].replace(/-/g,"+").replace(/_/g,"/");` +
  `document.documentElement.setAttribute("data-shell-role",JSON.parse(atob(t)).roles[0])}catch(e){}`;

export const inlineScripts = [
  colorSchemeScript,
  deferredStylesheetsScript,
  afterPaintScript,
  shellRoleScript,
] as const;
