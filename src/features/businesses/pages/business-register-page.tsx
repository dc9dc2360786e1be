/**
 * Business registration: at /lender-business-register on its own page
 * with a way back to the selector, at /dashboard/lender-business-register inside the
 * shell. Either way a registered business sends the lender to the business selector.
 */
import { Anchor, Card, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import { setupText as t } from '../../../i18n/setup';
import { paths } from '../../../lib/paths';
import { BusinessRegistrationForm } from '../components/business-registration-form';
import { StandaloneFrame } from '../components/standalone-frame';

export function BusinessRegisterPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const insideShell = pathname.startsWith(`${paths.dashboard.root}/`);
  const form = (
    <BusinessRegistrationForm onRegistered={() => void navigate(paths.businessSelector)} />
  );

  if (insideShell) {
    return (
      <Stack gap="lg">
        <PageHead title={t.registerTitle} description={t.registerDashboardSubtitle} />
        <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
          {form}
        </Card>
      </Stack>
    );
  }
  return (
    <StandaloneFrame
      title={t.registerTitle}
      subtitle={t.registerSubtitle}
      width={640}
      footer={
        <Group>
          <Anchor
            component={Link}
            to={paths.businessSelector}
            c="dimmed"
            size="sm"
            mih={44}
            display="inline-flex"
            style={{ alignItems: 'center', gap: 6 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            {t.backToBusinesses}
          </Anchor>
        </Group>
      }
    >
      {form}
    </StandaloneFrame>
  );
}
