/**
 * Agent Dashboard: active borrowers, Loan Applied, Loan Approved and
 * the agent's loans in the selected business, and whether the phone is ready to work offline
 * (docs/architecture.md §7). Nothing loads until a business is selected.
 */
import { SimpleGrid } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { dashboardsText as t } from '../../i18n/dashboards';
import { formatCount } from '../../lib/format';
import type { SessionUser } from '../../lib/session-token';
import type { SelectedBusiness } from '../../lib/use-selected-business';
import { agentActiveBorrowerCountQuery } from './api/get-business-user-counts';
import { agentLoansQuery, noLoans } from './api/get-existing-loans';
import { agentLoanStatsQuery, emptyLoanStats } from './api/get-loan-stats';
import { BusinessPage } from '../../components/business-page';
import { OfflineReadinessCard } from '../../components/offline-readiness';
import { LoansTable } from './components/loans-table';
import { PageHead } from '../../components/page-head';
import { LoanStatsCards } from './components/loan-stats-cards';
import { StatCard } from './components/stat-card';
import { useFigures } from './hooks/use-figures';

export function AgentDashboard({ user }: { user: SessionUser }) {
  return (
    <BusinessPage
      title={t.agentTitle}
      descriptionNoBusiness={t.dashboardSubtitleNoBusiness}
      chooseTitle={t.chooseBusinessPrompt}
      chooseText={t.chooseBusinessText}
    >
      {(business) => (
        <>
          <PageHead title={t.agentTitle} description={t.agentSubtitle(business.businessName)} />
          <AgentFigures business={business} agentId={user.id} />
        </>
      )}
    </BusinessPage>
  );
}

function AgentFigures({ business, agentId }: { business: SelectedBusiness; agentId: number }) {
  const borrowers = useFigures(agentActiveBorrowerCountQuery(business.id, agentId), 0);
  const stats = useFigures(agentLoanStatsQuery(business.id, agentId), emptyLoanStats);
  const loans = useFigures(agentLoansQuery(business.id, agentId), noLoans);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard
          title={t.activeBorrowersCard}
          icon={IconUsers}
          main={{ label: t.activeBorrowers, value: formatCount(borrowers.data) }}
          loading={borrowers.loading}
        />
        <LoanStatsCards stats={stats.data} loading={stats.loading} approvedTitle={t.loanApproved} />
      </SimpleGrid>
      <OfflineReadinessCard userId={agentId} />
      <LoansTable
        title={t.myLoans}
        loans={loans.data}
        loading={loans.loading}
        emptyText={t.noAgentLoans}
      />
    </>
  );
}
