/**
 * Lender Dashboard: greeting, four figure cards and the Loans
 * Existing and My Wallet tables of the selected business. Nothing loads until a
 * business is selected.
 */
import { SimpleGrid } from '@mantine/core';
import { IconUsers, IconWallet } from '@tabler/icons-react';
import { dashboardsText as t } from '../../i18n/dashboards';
import { formatCount, formatKes } from '../../lib/format';
import type { SessionUser } from '../../lib/session-token';
import type { SelectedBusiness } from '../../lib/use-selected-business';
import { activeAgentCountQuery, activeBorrowerCountQuery } from './api/get-business-user-counts';
import { capitalBalanceQuery } from '../../api/capital';
import { capitalTransactionsQuery, noTransactions } from './api/get-capital-transactions';
import { businessLoansFigureQuery, noLoans } from './api/get-existing-loans';
import { displayName, lenderNameQuery } from './api/get-lender-name';
import { businessLoanStatsQuery } from './api/get-business-loan-stats';
import { emptyLoanStats } from './api/get-loan-stats';
import { BusinessPage } from '../../components/business-page';
import { LoansTable } from './components/loans-table';
import { PageHead } from '../../components/page-head';
import { LoanStatsCards } from './components/loan-stats-cards';
import { StatCard } from './components/stat-card';
import { WalletTable } from './components/wallet-table';
import { useFigures } from './hooks/use-figures';
import { useQuery } from '@tanstack/react-query';

export function LenderDashboard({ user }: { user: SessionUser }) {
  return (
    <BusinessPage
      // Nothing loads until a business is selected: the email stands in for the name.
      title={t.greeting(displayName(null, user.email))}
      descriptionNoBusiness={t.dashboardSubtitleNoBusiness}
      chooseTitle={t.chooseBusinessPrompt}
      chooseText={t.chooseBusinessText}
    >
      {(business) => (
        <>
          <PageHead
            title={<Greeting user={user} />}
            description={t.lenderSubtitle(business.businessName)}
          />
          <BusinessFigures business={business} />
        </>
      )}
    </BusinessPage>
  );
}

/** The greeting: the lender's name, with the email standing in while it loads or if it cannot. */
function Greeting({ user }: { user: SessionUser }) {
  const name = useQuery(lenderNameQuery(user.id));
  return t.greeting(displayName(name.data, user.email));
}

function BusinessFigures({ business }: { business: SelectedBusiness }) {
  const id = business.id;
  const agents = useFigures(activeAgentCountQuery(id), 0);
  const borrowers = useFigures(activeBorrowerCountQuery(id), 0);
  const capital = useFigures(capitalBalanceQuery(id), 0);
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
