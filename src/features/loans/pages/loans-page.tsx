/**
 * /dashboard/loans, for lenders: every loan
 * of the selected business by status, with details, edit, disbursement and write-off.
 */
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { LoanReview } from '../components/loan-review';

export function LoansPage() {
  return (
    <BusinessPage
      title={t.loansTitle}
      descriptionNoBusiness={t.listSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
    >
      {(business) => (
        <>
          <PageHead title={t.loansTitle} description={t.loansSubtitle(business.businessName)} />
          <LoanReview businessId={business.id} full />
        </>
      )}
    </BusinessPage>
  );
}
