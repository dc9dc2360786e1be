/**
 * /dashboard/loans (the spec's "Loans and approve pages"), for lenders: every loan
 * of the selected business by status, with details, edit, disbursement and write-off.
 */
import { Stack } from '@mantine/core';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { LoanReview } from '../components/loan-review';

export function LoansPage() {
  const { business } = useSelectedBusiness();
  return (
    <Stack gap="lg">
      <PageHead
        title={t.loansTitle}
        description={business ? t.loansSubtitle(business.businessName) : t.listSubtitleNoBusiness}
      />
      {business ? (
        <LoanReview key={business.id} businessId={business.id} full />
      ) : (
        <ChooseBusinessCard text={t.chooseBusinessText} />
      )}
    </Stack>
  );
}
