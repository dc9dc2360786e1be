/**
 * /dashboard/lender/profile (the spec's "Screens and routes"): the signed-in lender's own record from
 * GET /auth/lender/lender-and-businesses/{userId}. Personal: details, region and the
 * identity documents as thumbnails; Business: each business with code, paybill, default
 * loan limit, status and type. It shows what the administrators reviewed, with the same
 * components. A profile is about the person, so it loads without a selected business.
 */
import { Card, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconBuildingStore, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { ProfileCard } from '../../../components/profile-card';
import { StatusBadge } from '../../../components/status-badge';
import { agentsText as t } from '../../../i18n/agents';
import { capitalizeWords } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { lenderDetailsQuery } from '../api/get-lender-details';
import type { Lender } from '../api/get-lenders';
import { LenderBusinessDetails, LenderPersonalDetails } from '../components/lender-details';
import { lenderName } from '../components/lender-text';

export function LenderProfilePage() {
  const { user } = useSession();
  const profile = useQuery({ ...lenderDetailsQuery(user?.id ?? 0), enabled: user !== null });

  return (
    <Stack gap="lg">
      <PageHead title={t.profileTitle} description={t.lenderProfileSubtitle} />
      {!user ? (
        <FailureAlert title={t.lenderProfileFailed} message={t.notAuthenticated} />
      ) : profile.error ? (
        <FailureAlert
          title={t.lenderProfileFailed}
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : profile.data ? (
        <Profile lender={profile.data} />
      ) : (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={88} radius="md" />
          <Skeleton height={360} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function initials(lender: Lender): string {
  const letters = `${lender.firstName?.charAt(0) ?? ''}${lender.lastName?.charAt(0) ?? ''}`;
  return (letters || lender.email?.charAt(0) || '?').toUpperCase();
}

function Profile({ lender }: { lender: Lender }) {
  return (
    <Stack gap="md">
      <ProfileCard
        initials={initials(lender)}
        name={lenderName(lender)}
        email={lender.email}
        badge={<StatusBadge status={lender.status} label={capitalizeWords(lender.status)} />}
      />
      <Tabs defaultValue="personal" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="personal" leftSection={<IconUser size={16} />} mih={44}>
            {t.personalTab}
          </Tabs.Tab>
          <Tabs.Tab value="business" leftSection={<IconBuildingStore size={16} />} mih={44}>
            {t.businessTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="personal" pt="md">
          <Card withBorder radius="md" padding="lg">
            <LenderPersonalDetails lender={lender} />
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="business" pt="md">
          <LenderBusinessDetails lender={lender} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
