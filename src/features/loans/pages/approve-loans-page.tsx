/**
 * /dashboard/approve-loan, for lenders: the
 * selected business's pending applications, to check, edit, disburse or reject.
 */
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { loansText as t } from '../../../i18n/loans';
import { LoanReview } from '../components/loan-review';

export function ApproveLoansPage() {
  return (
    <BusinessPage
      title={t.approveTitle}
      descriptionNoBusiness={t.listSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
    >
      {(business) => (
        <>
          <PageHead title={t.approveTitle} description={t.approveSubtitle(business.businessName)} />
          <LoanReview businessId={business.id} full={false} />
        </>
      )}
    </BusinessPage>
  );
}
