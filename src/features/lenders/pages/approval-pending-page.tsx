/**
 * /lender/approval-pending: the lender waits for an administrator;
 * the page follows a decision as soon as it is taken (useLenderStatusWatch).
 */
import { Button, Stack, Stepper, Text, useMatches } from '@mantine/core';
import { IconHourglass, IconLogout } from '@tabler/icons-react';
import { AuthStatusScreen } from '../../../components/auth-layout';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { authText } from '../../../i18n/auth';
import { useLenderStatusWatch } from '../hooks/use-status-watch';

const steps = ['submitted', 'underReview', 'approval'] as const;
const CURRENT_STEP = steps.indexOf('underReview');

export function ApprovalPendingPage() {
  const { signOutAndGo } = useSessionNavigation();
  useLenderStatusWatch();
  const orientation = useMatches({ base: 'vertical', sm: 'horizontal' } as const);
  return (
    <AuthStatusScreen
      title={authText.pendingTitle}
      message={authText.pendingText}
      size="md"
      color="yellow"
      icon={<IconHourglass size={30} />}
    >
      <Stack gap="lg">
        <Stepper active={CURRENT_STEP} orientation={orientation} size="sm" iconSize={36}>
          {steps.map((step) => (
            <Stepper.Step
              key={step}
              label={authText.pendingSteps[step]}
              description={authText.pendingStepDescriptions[step]}
              loading={step === 'underReview'}
            />
          ))}
        </Stepper>
        <Text ta="center" size="sm" c="dimmed">
          {authText.reviewTime}
        </Text>
        <Button
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconLogout size={18} />}
          onClick={() => signOutAndGo()}
        >
          {authText.logOut}
        </Button>
      </Stack>
    </AuthStatusScreen>
  );
}
