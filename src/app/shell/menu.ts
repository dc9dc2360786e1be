/**
 * The sidebar of each role as data, so the shell only draws it and
 * a test can check that every link is there.
 */
import {
  IconCloudUpload,
  IconClipboardList,
  IconFileDescription,
  IconHelp,
  IconHome,
  IconMessageCircle,
  IconMessageReport,
  IconUserCircle,
  IconUsers,
  IconFilePlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { shellText } from '../../i18n/shell';
import { paths } from '../../lib/paths';
import { retryableImport } from '../../lib/retryable-import';

export type MenuItem = {
  label: string;
  href: string;
  icon: TablerIcon;
  /** Sub-pages shown as a collapsible group (the admin reports). */
  children?: MenuItem[];
};

/** A titled block of the sidebar; `label` is null for the untitled first and last blocks. */
export type MenuGroup = { label: string | null; items: MenuItem[] };

const { groups, links } = shellText;

/** The agent's four most-used places, also in the phone bottom bar (docs/architecture.md §8). */
export const agentQuickLinks: MenuItem[] = [
  { label: links.home, href: paths.dashboard.root, icon: IconHome },
  { label: links.borrowers, href: paths.dashboard.borrowers, icon: IconUsers },
  { label: links.loanApplication, href: paths.dashboard.loanApplication, icon: IconFilePlus },
  { label: links.followUps, href: paths.dashboard.followUps, icon: IconMessageCircle },
];

export const agentMenu: MenuGroup[] = [
  {
    label: null,
    items: [
      { label: links.home, href: paths.dashboard.root, icon: IconHome },
      { label: links.borrowers, href: paths.dashboard.borrowers, icon: IconUsers },
    ],
  },
  {
    label: groups.loanManagement,
    items: [
      { label: links.loanApplication, href: paths.dashboard.loanApplication, icon: IconFilePlus },
      { label: links.loanPlans, href: paths.dashboard.loanPlans, icon: IconClipboardList },
      { label: links.loanFiles, href: paths.dashboard.loanFiles, icon: IconFileDescription },
      { label: links.followUps, href: paths.dashboard.followUps, icon: IconMessageCircle },
      { label: links.complaints, href: paths.dashboard.complaints, icon: IconMessageReport },
    ],
  },
  {
    label: groups.support,
    items: [
      { label: links.outbox, href: paths.dashboard.outbox, icon: IconCloudUpload },
      { label: links.profile, href: paths.dashboard.agentProfile, icon: IconUserCircle },
      { label: links.help, href: paths.dashboard.help, icon: IconHelp },
    ],
  },
];

/**
 * The sidebar of a role; a role without a menu of its own gets an empty one. The agent's is
 * here, drawn at once; the administrators' and lenders' (staff-menu.ts, with most of the icons)
 * load with their shell, so the agent's first screen never carries them.
 */
export function menuFor(role: string | null | undefined): MenuGroup[] | Promise<MenuGroup[]> {
  switch (role) {
    case 'admin':
    case 'super_admin':
    case 'lender': {
      // One promise per role, so a component suspending on it (React's use) sees it settle.
      // A load that failed is forgotten: the next call asks for the file again.
      let menu = staffMenus.get(role);
      if (!menu) {
        menu = importStaffMenu().then(
          (menus) => menus.staffMenuFor(role),
          (error: unknown) => {
            staffMenus.delete(role);
            throw error;
          },
        );
        staffMenus.set(role, menu);
      }
      return menu;
    }
    case 'agent':
      return agentMenu;
    default:
      return [];
  }
}

const staffMenus = new Map<string, Promise<MenuGroup[]>>();
const importStaffMenu = retryableImport(() => import('./staff-menu'));

/** Every href of a menu, sub-pages included. */
export function menuHrefs(menu: MenuGroup[]): string[] {
  return menu.flatMap((group) =>
    group.items.flatMap((item) => [item.href, ...(item.children ?? []).map((c) => c.href)]),
  );
}

/**
 * Whether a link is the current place: the dashboard home only on its own path, any
 * other link also on its sub-paths (a borrower's page keeps Borrowers highlighted).
 */
export function isActivePath(pathname: string, href: string): boolean {
  const current = pathname.replace(/\/+$/, '') || '/';
  if (href === paths.dashboard.root) return current === href;
  return current === href || current.startsWith(`${href}/`);
}
