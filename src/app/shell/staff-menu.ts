/**
 * The sidebars of the administrators and the lenders, loaded
 * with their shell by menu.ts: the agent's first screen never carries these links and icons.
 */
import {
  IconArrowsShuffle,
  IconBuildingBank,
  IconBuildingStore,
  IconCalendarRepeat,
  IconCash,
  IconCashBanknote,
  IconCashBanknoteOff,
  IconChartBar,
  IconChecklist,
  IconCloudUpload,
  IconClipboardList,
  IconFileText,
  IconGavel,
  IconHome,
  IconLayoutDashboard,
  IconMap2,
  IconMapPin,
  IconMessage,
  IconMessageReport,
  IconReceiptRefund,
  IconReportAnalytics,
  IconScale,
  IconSettings,
  IconUserCheck,
  IconUserCircle,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { approvalsScreenText } from '../../i18n/approvals';
import { crbText } from '../../i18n/crb';
import { unassignedPaymentsText } from '../../i18n/paybills';
import { shellText } from '../../i18n/shell';
import { paths, reportNames, type ReportName } from '../../lib/paths';
import type { MenuGroup } from './menu';

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
      { label: links.complaints, href: paths.dashboard.complaints, icon: IconMessageReport },
      { label: crbText.title, href: paths.dashboard.crb, icon: IconCloudUpload },
      {
        label: links.paymentDecisions,
        href: paths.dashboard.paymentDecisions,
        icon: IconScale,
      },
      { label: approvalsScreenText.title, href: paths.dashboard.approvals, icon: IconChecklist },
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
      { label: crbText.title, href: paths.dashboard.crb, icon: IconCloudUpload },
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
      { label: links.complaints, href: paths.dashboard.complaints, icon: IconMessageReport },
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

/** The sidebar of an administrator or a lender. */
export function staffMenuFor(role: 'admin' | 'super_admin' | 'lender'): MenuGroup[] {
  return role === 'lender' ? lenderMenu : adminMenu;
}
