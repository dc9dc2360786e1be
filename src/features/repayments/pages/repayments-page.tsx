/**
 * /dashboard/repayments (spec part 2 §2 "Repayments"), for lenders: the repayments
 * applied to the selected business's loans, with the cards Total Repayment Amount and
 * Outstanding Balance, and a loan-code filter that narrows cards and table alike.
 */
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCashBanknote, IconRefresh, IconScale } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { FigureCard } from '../../../components/figure-card';
import { LoanCodeFilter, useLoanCodeFilter } from '../../../components/loan-code-filter';
import { PageHead } from '../../../components/page-head';
import { moneyInText, repaymentsText as t } from '../../../i18n/matching';
import { formatKes } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { getRepayments, type Repayment } from '../api/get-repayments';
import { RepaymentsTable } from '../components/repayments-table';
import { repaymentTotals } from '../utils/repayment-totals';

const codeOf = (repayment: Repayment) => repayment.loan.loanCode;

export function RepaymentsPage() {
  const { business } = useSelectedBusiness();
  const repayments = useApiQuery(business ? `repayments:${business.id}` : null, () =>
    business ? getRepayments(business.id) : Promise.resolve([]),
  );
  const filter = useLoanCodeFilter(repayments.data, codeOf);
  const totals = useMemo(() => repaymentTotals(filter.shown ?? []), [filter.shown]);
  const loading = repayments.loading && !repayments.data;

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
            onClick={repayments.reload}
          >
            {moneyInText.refresh}
          </Button>
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
      <LoanCodeFilter
        codes={filter.codes}
        value={filter.code}
        onChange={filter.setCode}
        label={moneyInText.loanCodeFilter}
        placeholder={moneyInText.loanCodeFilterPlaceholder}
        description={moneyInText.loanCodeFilterHint}
        nothingFound={moneyInText.noCodes}
        disabled={!repayments.data?.length}
      />
      <RepaymentsTable
        repayments={filter.shown}
        loading={repayments.loading}
        error={repayments.error}
        onRetry={repayments.reload}
        emptyText={filter.code ? t.noRepaymentsForCode(filter.code) : t.noRepayments}
      />
    </Stack>
  );
}
