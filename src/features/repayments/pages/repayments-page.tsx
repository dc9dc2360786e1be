/**
 * /dashboard/repayments (the spec's "Repayments"), for lenders: the repayments
 * applied to the selected business's loans, with the cards Total Repayment Amount and
 * Outstanding Balance, and a loan-code filter that narrows cards and table alike.
 */
import { SimpleGrid } from '@mantine/core';
import { IconCashBanknote, IconScale } from '@tabler/icons-react';
import { useMemo } from 'react';
import { BusinessPage } from '../../../components/business-page';
import { FigureCard } from '../../../components/figure-card';
import { LoanCodeFilter, useLoanCodeFilter } from '../../../components/loan-code-filter';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { moneyInText, repaymentsText as t } from '../../../i18n/matching';
import { formatKes } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { getRepayments, type Repayment } from '../api/get-repayments';
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
  const repayments = useApiQuery(`repayments:${business.id}`, () => getRepayments(business.id));
  const filter = useLoanCodeFilter(repayments.data, codeOf);
  const totals = useMemo(() => repaymentTotals(filter.shown ?? []), [filter.shown]);
  const loading = repayments.loading && !repayments.data;
  return (
    <>
      <PageHead
        title={t.title}
        description={t.subtitle(business.businessName)}
        action={<RefreshButton label={moneyInText.refresh} onClick={repayments.reload} />}
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
        loading={repayments.loading}
        error={repayments.error}
        onRetry={repayments.reload}
        emptyText={filter.code ? t.noRepaymentsForCode(filter.code) : t.noRepayments}
      />
    </>
  );
}
