/**
 * /dashboard/fine (spec part 2 §2 "Fines"), for lenders: the fines of the selected
 * business with the cards Total Fines, Total Fine Amount and Outstanding Balance, and a
 * loan-code filter that narrows cards and table alike.
 */
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconGavel, IconReceipt, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { FigureCard } from '../../../components/figure-card';
import { LoanCodeFilter, useLoanCodeFilter } from '../../../components/loan-code-filter';
import { PageHead } from '../../../components/page-head';
import { finesText as t, moneyInText } from '../../../i18n/matching';
import { formatCount, formatKes } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { getFines, type Fine } from '../api/get-fines';
import { FinesTable } from '../components/fines-table';
import { fineTotals } from '../utils/fine-totals';

const codeOf = (fine: Fine) => fine.loan.loanCode;

export function FinesPage() {
  const { business } = useSelectedBusiness();
  const fines = useApiQuery(business ? `fines:${business.id}` : null, () =>
    business ? getFines(business.id) : Promise.resolve([]),
  );
  const filter = useLoanCodeFilter(fines.data, codeOf);
  const totals = useMemo(() => fineTotals(filter.shown ?? []), [filter.shown]);
  const loading = fines.loading && !fines.data;

  if (!business) {
    return (
      <Stack gap="lg">
        <PageHead title={t.title} description={t.subtitleNoBusiness} />
        <ChooseBusinessCard
          title={moneyInText.chooseBusinessTitle}
          text={moneyInText.chooseBusinessText}
          action={moneyInText.chooseBusiness}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHead
        title={t.title}
        description={t.subtitle(business.businessName)}
        action={
          <Button
            variant="default"
            size="md"
            leftSection={<IconRefresh size={18} />}
            onClick={fines.reload}
          >
            {moneyInText.refresh}
          </Button>
        }
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
      <LoanCodeFilter
        codes={filter.codes}
        value={filter.code}
        onChange={filter.setCode}
        label={moneyInText.loanCodeFilter}
        placeholder={moneyInText.loanCodeFilterPlaceholder}
        description={moneyInText.loanCodeFilterHint}
        nothingFound={moneyInText.noCodes}
        disabled={!fines.data?.length}
      />
      <FinesTable
        fines={filter.shown}
        loading={fines.loading}
        error={fines.error}
        onRetry={fines.reload}
        emptyText={filter.code ? t.noFinesForCode(filter.code) : t.noFines}
      />
    </Stack>
  );
}
