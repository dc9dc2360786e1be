/**
 * /dashboard/fine, for lenders: the fines of the selected
 * business with the cards Total Fines, Total Fine Amount and Outstanding Balance, and a
 * loan-code filter that narrows cards and table alike.
 */
import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconGavel, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { BusinessPage } from '../../../components/business-page';
import { FigureCard } from '../../../components/figure-card';
import { LoanCodeFilter, useLoanCodeFilter } from '../../../components/loan-code-filter';
import { PageHead } from '../../../components/page-head';
import { RefreshButton } from '../../../components/refresh-button';
import { finesText as t, moneyInText } from '../../../i18n/matching';
import { formatCount, formatKes } from '../../../lib/format';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { finesQuery, type Fine } from '../api/get-fines';
import { FinesTable } from '../components/fines-table';
import { fineTotals } from '../utils/fine-totals';

export function FinesPage() {
  return (
    <BusinessPage
      title={t.title}
      descriptionNoBusiness={t.subtitleNoBusiness}
      chooseText={moneyInText.chooseBusinessText}
    >
      {(business) => <BusinessFines business={business} />}
    </BusinessPage>
  );
}

const codeOf = (fine: Fine) => fine.loan.loanCode;

function BusinessFines({ business }: { business: SelectedBusiness }) {
  const fines = useQuery(finesQuery(business.id));
  const filter = useLoanCodeFilter(fines.data, codeOf);
  const totals = useMemo(() => fineTotals(filter.shown ?? []), [filter.shown]);
  const loading = fines.isLoading;
  return (
    <>
      <PageHead
        title={t.title}
        description={t.subtitle(business.businessName)}
        action={<RefreshButton label={moneyInText.refresh} onClick={() => void fines.refetch()} />}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FigureCard
          title={t.totalFines}
          icon={IconGavel}
          value={formatCount(totals.count)}
          caption={t.totalFinesLabel}
          loading={loading}
        />
        <FigureCard
          title={t.totalFineAmount}
          icon={IconReceipt}
          value={formatKes(totals.amount)}
          caption={t.totalFineAmountLabel}
          loading={loading}
        />
        <FigureCard
          title={t.outstandingBalance}
          icon={IconAlertTriangle}
          value={formatKes(totals.balance)}
          caption={t.outstandingBalanceLabel}
          loading={loading}
        />
      </SimpleGrid>
      <LoanCodeFilter {...filter.props} texts={moneyInText.loanCodeFilter} />
      <FinesTable
        fines={filter.shown}
        loading={fines.isLoading}
        error={fines.error}
        onRetry={() => void fines.refetch()}
        emptyText={filter.code ? t.noFinesForCode(filter.code) : t.noFines}
      />
    </>
  );
}
