/**
 * /dashboard/loan-application (the spec's "Loan application"), for agents and
 * lenders: the application form with its calculator, for the selected business.
 */
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { useSession } from '../../../lib/session';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { ChooseBusinessCard } from '../../../components/choose-business-card';
import { LoanApplicationForm } from '../components/loan-application-form';

export function LoanApplicationPage() {
  const { user } = useSession();
  const { business } = useSelectedBusiness();
  const [searchParams, setSearchParams] = useSearchParams();
  const borrowerId = /^\d+$/.test(searchParams.get('borrowerId') ?? '')
    ? (searchParams.get('borrowerId') ?? '')
    : '';

  return (
    <Stack gap="lg">
      <PageHead
        title={t.applicationTitle}
        description={
          business ? t.applicationSubtitle(business.businessName) : t.applicationSubtitleNoBusiness
        }
      />
      {business && user ? (
        <LoanApplicationForm
          key={business.id}
          userId={user.id}
          businessId={business.id}
          initialBorrowerId={borrowerId}
          onApplied={() => {
            if (searchParams.has('borrowerId')) setSearchParams({}, { replace: true });
          }}
        />
      ) : (
        <ChooseBusinessCard text={t.chooseBusinessText} />
      )}
    </Stack>
  );
}
