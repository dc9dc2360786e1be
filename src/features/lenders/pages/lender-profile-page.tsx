/**
 * /dashboard/lender/profile: the signed-in lender's own record from
 * GET /auth/lender/lender-and-businesses/{userId}. Personal: details, region and the
 * identity documents as thumbnails; Business: each business with code, paybill, default
 * loan limit, status and type. It shows what the administrators reviewed, with the same
 * components. A profile is about the person, so it loads without a selected business.
 */
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OwnProfilePage, ProfileTabs } from '../../../components/profile-card';
import { StatusBadge } from '../../../components/status-badge';
import { agentsText as t } from '../../../i18n/agents';
import { capitalizeWords } from '../../../lib/format';
import { initials } from '../../../lib/names';
import { useSession } from '../../../lib/session';
import { lenderDetailsQuery } from '../api/get-lender-details';
import { LenderBusinessDetails, LenderPersonalDetails } from '../components/lender-details';
import { lenderName } from '../components/lender-text';
import { SecondFactorCard } from '../components/second-factor-card';

export function LenderProfilePage() {
  const { user } = useSession();
  const profile = useQuery({ ...lenderDetailsQuery(user?.id ?? 0), enabled: user !== null });
  return (
    <OwnProfilePage
      subtitle={t.lenderProfileSubtitle}
      failedTitle={t.lenderProfileFailed}
      signedIn={user !== null}
      profile={profile}
      tabsHeight={360}
    >
      {(lender) => (
        <Stack gap="lg">
          <ProfileTabs
            card={{
              initials: initials(lender),
              name: lenderName(lender),
              email: lender.email,
              badge: <StatusBadge status={lender.status} label={capitalizeWords(lender.status)} />,
            }}
            personal={
              <Card withBorder radius="md" padding="lg">
                <LenderPersonalDetails lender={lender} />
              </Card>
            }
            business={<LenderBusinessDetails lender={lender} />}
          />
          <SecondFactorCard businesses={lender.lenderBusinesses} />
        </Stack>
      )}
    </OwnProfilePage>
  );
}
