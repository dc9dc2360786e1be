/**
 * Lender Dashboard (the spec's "Dashboards"): greeting, four figure cards and the Loans
 * Existing and My Wallet tables of the selected business. Nothing loads until a
 * business is selected.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { IconUsers, IconWallet } from '@tabler/icons-react';
import { dashboardsText as t } from '../../i18n/dashboards';
import { formatCount, formatKes } from '../../lib/format';
import type { SessionUser } from '../../lib/session-token';
import { useSelectedBusiness, type SelectedBusiness } from '../../lib/use-selected-business';
import { activeAgentCountQuery, activeBorrowerCountQuery } from './api/get-business-user-counts';
import { capitalBalanceFigureQuery } from './api/get-capital-balance';
import { capitalTransactionsQuery, noTransactions } from './api/get-capital-transactions';
import { businessLoansFigureQuery, noLoans } from './api/get-existing-loans';
import { displayName, lenderNameQuery } from './api/get-lender-name';
import { businessLoanStatsQuery, emptyLoanStats } from './api/get-loan-stats';
import { ChooseBusinessCard } from '../../components/choose-business-card';
import { LoansTable } from './components/loans-table';
import { PageHead } from '../../components/page-head';
import { LoanStatsCards } from './components/loan-stats-cards';
import { StatCard } from './components/stat-card';
import { WalletTable } from './components/wallet-table';
import { useFigures } from './hooks/use-figures';
import { useQuery } from '@tanstack/react-query';

export function LenderDashboard({ user }: { user: SessionUser }) {
  const { business } = useSelectedBusiness();
  // The greeting falls back to the email while the name loads, or if it cannot.
  const name = useQuery({ ...lenderNameQuery(user.id), enabled: business !== null });
  const greeting = t.greeting(displayName(name.data, user.email));

  if (!business) {
    return (
      <Stack gap="lg">
        <PageHead title={greeting} description={t.dashboardSubtitleNoBusiness} />
        <ChooseBusinessCard title={t.chooseBusinessPrompt} text={t.chooseBusinessText} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHead title={greeting} description={t.lenderSubtitle(business.businessName)} />
      <BusinessFigures business={business} />
    </Stack>
  );
}

function BusinessFigures({ business }: { business: SelectedBusiness }) {
  const id = business.id;
  const agents = useFigures(activeAgentCountQuery(id), 0);
  const borrowers = useFigures(activeBorrowerCountQuery(id), 0);
  const capital = useFigures(capitalBalanceFigureQuery(id), 0);
  const stats = useFigures(businessLoanStatsQuery(id), emptyLoanStats);
  const loans = useFigures(businessLoansFigureQuery(id), noLoans);
  const wallet = useFigures(capitalTransactionsQuery(id), noTransactions);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          title={t.userOverview}
          icon={IconUsers}
          main={{ label: t.activeAgents, value: formatCount(agents.data) }}
          others={[{ label: t.activeBorrowers, value: formatCount(borrowers.data) }]}
          loading={agents.loading || borrowers.loading}
        />
        <StatCard
          title={t.availableCapital}
          icon={IconWallet}
          main={{ label: t.balance, value: formatKes(capital.data) }}
          loading={capital.loading}
        />
        <LoanStatsCards
          stats={stats.data}
          loading={stats.loading}
          approvedTitle={t.approvedAmount}
        />
      </SimpleGrid>
      <LoansTable
        title={t.loansExisting}
        loans={loans.data}
        loading={loans.loading}
        emptyText={t.noLoans}
      />
      <WalletTable transactions={wallet.data} loading={wallet.loading} />
    </>
  );
}
