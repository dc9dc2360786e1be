/**
 * /lender/update-profile: a New lender completes the profile wizard,
 * alone on the page under the Mkopo mark, before an administrator reviews it.
 */
import { AuthLayout } from '../../../components/auth-layout';
import { authText } from '../../../i18n/auth';
import { lendersText } from '../../../i18n/lenders';
import { ProfileWizard } from '../components/profile-wizard/profile-wizard';

export function UpdateProfilePage() {
  return (
    <AuthLayout
      title={authText.completeProfileTitle}
      subtitle={lendersText.wizardSubtitle}
      size="md"
    >
      <ProfileWizard />
    </AuthLayout>
  );
}
