/**
 * /dashboard/loan-application, for agents and
 * lenders: the application form with its calculator, for the selected business.
 */
import { useSearchParams } from 'react-router-dom';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { useSession } from '../../../lib/session';
import { LoanApplicationForm } from '../components/loan-application-form';

export function LoanApplicationPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const borrowerId = /^\d+$/.test(searchParams.get('borrowerId') ?? '')
    ? (searchParams.get('borrowerId') ?? '')
    : '';

  return (
    <BusinessPage
      title={t.applicationTitle}
      descriptionNoBusiness={t.applicationSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
    >
      {(business) => (
        <>
          <PageHead
            title={t.applicationTitle}
            description={t.applicationSubtitle(business.businessName)}
          />
          {/* The route guard lets only a signed-in user here. */}
          {user && (
            <LoanApplicationForm
              userId={user.id}
              businessId={business.id}
              initialBorrowerId={borrowerId}
              onApplied={() => {
                if (searchParams.has('borrowerId')) setSearchParams({}, { replace: true });
              }}
            />
          )}
        </>
      )}
    </BusinessPage>
  );
}
