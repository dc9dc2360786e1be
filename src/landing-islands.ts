/**
 * The landing page's only script (docs/architecture.md §8). The page is prerendered HTML
 * that never changes for a first visit, so it is not hydrated: React, Mantine and the
 * router never load on it. What is interactive there works from these few lines instead:
 *
 * - the theme toggle (the choice is stored where the app's colour-scheme manager reads it,
 *   src/app/theme.ts, and the inline colour-scheme script applies it on the next page);
 * - the top bar turning solid once the page scrolls;
 * - the FAQ's questions opening and closing (Mantine's Accordion markup, one open per column);
 * - the service worker's registration, so the PWA installs from `/`.
 *
 * Every link is a plain `<a>`: the login and registration pages are prerendered pages of
 * their own. The page is the same for everybody (signed in or not; its texts are English
 * only, src/i18n/landing.ts), so no visitor needs more. Like the logins' islands, the build
 * makes this file on its own, sharing no chunk with the app (build/prerender.ts).
 */
import { registerOfflineShell } from './app/pwa/offline-shell';
import { storageKeys } from './lib/storage-keys';

/** The top bar turns solid after this much scroll. */
const solidAfterPx = 50;

function themeToggles(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.addEventListener('click', () => {
      const html = document.documentElement;
      const next = html.getAttribute('data-mantine-color-scheme') === 'dark' ? 'light' : 'dark';
      html.setAttribute('data-mantine-color-scheme', next);
      try {
        localStorage.setItem(storageKeys.theme, next);
      } catch {
        // Storage can be full or disabled; the choice then lasts for this page only.
      }
    });
  }
}

function solidHeader(): void {
  const header = document.querySelector<HTMLElement>('#root header');
  if (!header) return;
  let queued = false;
  const update = () => {
    queued = false;
    header.toggleAttribute('data-solid', window.scrollY > solidAfterPx);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}

/** Opens or closes one Accordion item as Mantine draws it (no height animation). */
function setOpen(control: HTMLElement, open: boolean): void {
  control.setAttribute('aria-expanded', String(open));
  control.closest('.mantine-Accordion-item')?.toggleAttribute('data-active', open);
  control.querySelector('.mantine-Accordion-chevron')?.toggleAttribute('data-rotate', open);
  const panel = document.getElementById(control.getAttribute('aria-controls') ?? '');
  if (!panel) return;
  panel.style.height = open ? 'auto' : '0';
  panel.style.opacity = open ? '1' : '0';
  panel.style.overflow = open ? 'visible' : 'hidden';
  panel.setAttribute('aria-hidden', String(!open));
  panel.toggleAttribute('inert', !open);
}

function accordions(): void {
  for (const control of document.querySelectorAll<HTMLElement>('.mantine-Accordion-control')) {
    control.addEventListener('click', () => {
      const open = control.getAttribute('aria-expanded') !== 'true';
      const accordion = control.closest('.mantine-Accordion-root');
      if (open && accordion) {
        for (const other of accordion.querySelectorAll<HTMLElement>('.mantine-Accordion-control'))
          if (other !== control) setOpen(other, false);
      }
      setOpen(control, open);
    });
  }
}

themeToggles();
solidHeader();
accordions();
registerOfflineShell();
