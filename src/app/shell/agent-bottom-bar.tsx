import { useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { borrowersQuery } from '../../api/borrowers';
import { shellText } from '../../i18n/shell';
import { paths } from '../../lib/paths';
import { useLoadScreenCode } from '../screen-code';
import { useSession } from '../../lib/session';
import { useSelectedBusiness } from '../../lib/use-selected-business';
import { agentQuickLinks, isActivePath } from './menu';
import classes from './agent-bottom-bar.module.css';

/** The quick links whose screen opens on the agent's borrowers (its list, its picker). */
const listsBorrowers: ReadonlySet<string> = new Set([
  paths.dashboard.borrowers,
  paths.dashboard.loanApplication,
]);

/**
 * Starts what a link's screen needs as the finger comes down on it: the screen's code, and
 * the agent's borrowers where the screen shows them, so both load while the tap and the
 * router's render run.
 * - Read once the screen had rendered, the borrowers came one round after it: on a phone
 *   4× slower than this machine, Borrowers listed its rows about 400 ms after its first
 *   render.
 * - The code is loaded ahead in an idle moment after the first screen (AgentScreensAhead),
 *   but a phone busy with its first sync has none for seconds: in 4 of 5 runs of
 *   bench:phone at 4× the Borrowers screen's code was fetched only when the render reached
 *   it, about 400 ms after the touch.
 */
function useReadAhead(): (href: string) => void {
  const client = useQueryClient();
  const { user } = useSession();
  const { business } = useSelectedBusiness();
  const loadScreenCode = useLoadScreenCode();
  return (href) => {
    loadScreenCode(href);
    if (!user || !business || !listsBorrowers.has(href)) return;
    void client.prefetchQuery(borrowersQuery(user.id, business.id));
  };
}

/** The agent's four most-used places within thumb reach on phones (docs/architecture.md §8). */
export function AgentBottomBar({ pathname }: { pathname: string }) {
  const readAhead = useReadAhead();
  return (
    <nav
      aria-label={shellText.quickNavigation}
      className={classes.bar}
      style={{ '--quick-link-width': `${100 / agentQuickLinks.length}%` } as CSSProperties}
    >
      {agentQuickLinks.map(({ label, href, icon: Icon }) => {
        const active = isActivePath(pathname, href);
        return (
          <Link
            key={href}
            to={href}
            onPointerDown={() => readAhead(href)}
            aria-current={active ? 'page' : undefined}
            // Mantine's focus ring for the keyboard, as its buttons have.
            className={`${classes.link} mantine-focus-auto`}
          >
            <Icon size={22} stroke={active ? 2.2 : 1.7} aria-hidden />
            <p className={classes.label}>{label}</p>
          </Link>
        );
      })}
    </nav>
  );
}
