/**
 * /dashboard/approve-loan (the spec's "Loans and approve pages"), for lenders: the
 * selected business's pending applications, to check, edit, disburse or reject.
 */
import { Stack } from '@mantine/core';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { LoanReview } from '../components/loan-review';

export function ApproveLoansPage() {
  const { business } = useSelectedBusiness();
  return (
    <Stack gap="lg">
      <PageHead
        title={t.approveTitle}
        description={business ? t.approveSubtitle(business.businessName) : t.listSubtitleNoBusiness}
      />
      {business ? (
        <LoanReview key={business.id} businessId={business.id} full={false} />
      ) : (
        <ChooseBusinessCard text={t.chooseBusinessText} />
      )}
    </Stack>
  );
}
