/**
 * /dashboard/repayments, for lenders: the repayments
 * applied to the selected business's loans, with the cards Total Repayment Amount and
 * Outstanding Balance, and a loan-code filter that narrows cards and table alike.
 */
import { SimpleGrid } from '@mantine/core';
import { IconCashBanknote, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BusinessPage } from '../../../components/business-page';
import { FigureCard } from '../../../components/figure-card';
import { LoanCodeFilter, useLoanCodeFilter } from '../../../components/loan-code-filter';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { moneyInText, repaymentsText as t } from '../../../i18n/matching';
import { formatKes } from '../../../lib/format';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { repaymentsQuery, type Repayment } from '../api/get-repayments';
import { RepaymentsTable } from '../components/repayments-table';
import { repaymentTotals } from '../utils/repayment-totals';

export function RepaymentsPage() {
  return (
    <BusinessPage
      title={t.title}
      descriptionNoBusiness={t.subtitleNoBusiness}
      chooseText={moneyInText.chooseBusinessText}
    >
      {(business) => <BusinessRepayments business={business} />}
    </BusinessPage>
  );
}

const codeOf = (repayment: Repayment) => repayment.loan.loanCode;

function BusinessRepayments({ business }: { business: SelectedBusiness }) {
  const repayments = useQuery(repaymentsQuery(business.id));
  const filter = useLoanCodeFilter(repayments.data, codeOf);
  const totals = useMemo(() => repaymentTotals(filter.shown ?? []), [filter.shown]);
  const loading = repayments.isLoading;
  return (
    <>
      <PageHead
        title={t.title}
        description={t.subtitle(business.businessName)}
        action={
          <RefreshButton label={moneyInText.refresh} onClick={() => void repayments.refetch()} />
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FigureCard
          title={t.totalRepaymentAmount}
          icon={IconCashBanknote}
          value={formatKes(totals.repaid)}
          caption={t.totalRepaymentAmountLabel(totals.count)}
          loading={loading}
        />
        <FigureCard
          title={t.outstandingBalance}
          icon={IconScale}
          value={formatKes(totals.outstanding)}
          caption={t.outstandingBalanceLabel(totals.loans)}
          loading={loading}
        />
      </SimpleGrid>
      <LoanCodeFilter {...filter.props} texts={moneyInText.loanCodeFilter} />
      <RepaymentsTable
        repayments={filter.shown}
        loading={repayments.isLoading}
        error={repayments.error}
        onRetry={() => void repayments.refetch()}
        emptyText={filter.code ? t.noRepaymentsForCode(filter.code) : t.noRepayments}
      />
    </>
  );
}
