/**
 * The signed-in shell before its code has run: the top bar and a neutral outline of a page,
 * in the frame's own places (frame.tsx's AppShell classes; its sizes as CSS in global.css,
 * `.shell-skeleton`). The build writes it into shell.html's root (build/prerender.ts), so an
 * installed app opened on any of its routes paints this at once instead of a blank screen;
 * the router shows the same while the dashboard's code loads (router.tsx), so React's first
 * render replaces it with itself, and the real shell then takes the same places.
 *
 * Plain elements, no Mantine component: it renders where no provider is (the build's static
 * markup) and must come out the same there and in the app. On a phone the agent's bottom bar
 * is outlined too: for the static page the shell's inline script names the stored session's
 * role on <html> (src/app/inline-scripts.ts); in the app `role` is the signed-in user's.
 */
import { commonText } from '../../i18n/common';
import { shellText } from '../../i18n/shell';
import { frameClasses } from './frame-classes';

const bar = (className: string) => <span className={`shell-skeleton-block ${className}`} />;

export function ShellSkeleton({ role }: { role?: string }) {
  return (
    <div className={`${frameClasses.root} shell-skeleton`} data-role={role}>
      <header className={frameClasses.header} data-with-border="true">
        <div className="shell-skeleton-bar">
          <span className="shell-skeleton-burger" aria-hidden="true">
            <span />
          </span>
          <img src="/icons/logo.svg" alt={commonText.productName} width={28} height={28} />
          <span className="shell-skeleton-tools" aria-hidden="true">
            {bar('shell-skeleton-status')}
            {bar('shell-skeleton-button')}
            {bar('shell-skeleton-avatar')}
          </span>
        </div>
      </header>
      <div className={`${frameClasses.navbar} shell-skeleton-navbar`} aria-hidden="true">
        {bar('shell-skeleton-link')}
        {bar('shell-skeleton-link')}
        {bar('shell-skeleton-link')}
        {bar('shell-skeleton-link')}
      </div>
      <main className={frameClasses.main} aria-busy="true">
        <p className="shell-skeleton-status-text">{shellText.opening}</p>
        <div className="shell-skeleton-page" aria-hidden="true">
          <span className="shell-skeleton-title">{bar('')}</span>
          <span className="shell-skeleton-subtitle">{bar('')}</span>
          <span className="shell-skeleton-cards">
            <span className="shell-skeleton-card" />
            <span className="shell-skeleton-card" />
            <span className="shell-skeleton-card" />
          </span>
        </div>
      </main>
      <div className={`${frameClasses.footer} shell-skeleton-footer`} data-with-border="true" />
    </div>
  );
}
