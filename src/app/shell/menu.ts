/**
 * The sidebar of each role as data (the spec's "Shell: sidebar and top bar"), so the shell only draws it and
 * a test can check that every link is there.
 */
import {
  IconCloudUpload,
  IconCashBanknoteOff,
  IconArrowsShuffle,
  IconBuildingStore,
  IconCalendarRepeat,
  IconCash,
  IconCashBanknote,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconFileDescription,
  IconFileText,
  IconMessage,
  IconGavel,
  IconHelp,
  IconHome,
  IconLayoutDashboard,
  IconMap2,
  IconMapPin,
  IconMessageCircle,
  IconReceiptRefund,
  IconReportAnalytics,
  IconSettings,
  IconUserCheck,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  IconBuildingBank,
  IconFilePlus,
  IconUserShield,
  IconScale,
  type TablerIcon,
} from '@tabler/icons-react';
import { unassignedPaymentsText } from '../../i18n/paybills';
import { shellText } from '../../i18n/shell';
import { paths, reportNames, type ReportName } from '../../lib/paths';

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
const reportTitles: Record<ReportName, string> = shellText.reportTitles;

const adminMenu: MenuGroup[] = [
  {
    label: groups.general,
    items: [
      { label: links.dashboard, href: paths.dashboard.root, icon: IconLayoutDashboard },
      { label: links.businessTypes, href: paths.dashboard.businessTypes, icon: IconBuildingStore },
      { label: links.regions, href: paths.dashboard.regions, icon: IconMap2 },
      { label: links.customers, href: paths.dashboard.customers, icon: IconUsers },
      {
        label: links.reports,
        href: paths.dashboard.reports,
        icon: IconChartBar,
        children: reportNames.map((name) => ({
          label: reportTitles[name],
          href: paths.dashboard.report(name),
          icon: IconReportAnalytics,
        })),
      },
    ],
  },
  {
    label: groups.administration,
    items: [
      { label: links.settings, href: paths.dashboard.settings, icon: IconSettings },
      { label: links.auditLogs, href: paths.dashboard.auditLogs, icon: IconFileText },
      { label: links.messages, href: paths.dashboard.messages, icon: IconMessage },
      {
        label: links.paymentDecisions,
        href: paths.dashboard.paymentDecisions,
        icon: IconScale,
      },
      { label: links.lenders, href: paths.dashboard.lenders, icon: IconUserShield },
      { label: links.approveLenders, href: paths.dashboard.approveLender, icon: IconUserCheck },
      {
        label: unassignedPaymentsText.title,
        href: paths.dashboard.unassignedPayments,
        icon: IconCashBanknoteOff,
      },
    ],
  },
];

const lenderMenu: MenuGroup[] = [
  { label: null, items: [{ label: links.home, href: paths.dashboard.root, icon: IconHome }] },
  {
    label: groups.business,
    items: [
      {
        label: links.registerBusiness,
        href: paths.dashboard.lenderBusinessRegister,
        icon: IconBuildingStore,
      },
      { label: links.businessAreas, href: paths.dashboard.areas, icon: IconMapPin },
    ],
  },
  {
    label: groups.loanManagement,
    items: [
      { label: links.loans, href: paths.dashboard.loans, icon: IconCash },
      { label: links.approveLoans, href: paths.dashboard.approveLoan, icon: IconChecklist },
      { label: links.loanPlans, href: paths.dashboard.loanPlans, icon: IconClipboardList },
      {
        label: links.repaymentCycles,
        href: paths.dashboard.repaymentCycles,
        icon: IconCalendarRepeat,
      },
      { label: links.refunds, href: paths.dashboard.refunds, icon: IconReceiptRefund },
      { label: links.fines, href: paths.dashboard.fines, icon: IconGavel },
    ],
  },
  {
    label: groups.agents,
    items: [{ label: links.agents, href: paths.dashboard.agentRegister, icon: IconUsersGroup }],
  },
  {
    label: groups.mpesa,
    items: [
      { label: links.addMoney, href: paths.dashboard.mpesaInject, icon: IconWallet },
      { label: links.withdrawFunds, href: paths.dashboard.mpesaWithdrawal, icon: IconBuildingBank },
    ],
  },
  {
    label: groups.logistics,
    items: [
      { label: links.manualMatch, href: paths.dashboard.manualMatch, icon: IconArrowsShuffle },
      { label: links.repayments, href: paths.dashboard.repayments, icon: IconCashBanknote },
    ],
  },
  {
    label: null,
    items: [
      { label: links.profile, href: paths.dashboard.lenderProfile, icon: IconUserCircle },
      { label: links.reports, href: paths.dashboard.reports, icon: IconChartBar },
    ],
  },
];

/** The agent's four most-used places, also in the phone bottom bar (docs/architecture.md §8). */
export const agentQuickLinks: MenuItem[] = [
  { label: links.home, href: paths.dashboard.root, icon: IconHome },
  { label: links.borrowers, href: paths.dashboard.borrowers, icon: IconUsers },
  { label: links.loanApplication, href: paths.dashboard.loanApplication, icon: IconFilePlus },
  { label: links.followUps, href: paths.dashboard.followUps, icon: IconMessageCircle },
];

const agentMenu: MenuGroup[] = [
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

/** The sidebar of a role; any role the spec does not name gets an empty menu. */
export function menuFor(role: string | null | undefined): MenuGroup[] {
  switch (role) {
    case 'admin':
    case 'super_admin':
      return adminMenu;
    case 'lender':
      return lenderMenu;
    case 'agent':
      return agentMenu;
    default:
      return [];
  }
}

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
