/**
 * /lender/approval-pending (spec part 1 §2.9): the lender waits for an administrator.
 * The page asks for a fresh token every 30 seconds and whenever the window regains focus;
 * once the status in it changes, the new token replaces the session and the route guard
 * takes the lender on (Active → dashboard, Rejected → /lender/rejected).
 */
import { Button, Stack, Stepper, Text, useMatches } from '@mantine/core';
import { IconHourglass, IconLogout } from '@tabler/icons-react';
import { useEffect, useEffectEvent } from 'react';
import { AuthStatusScreen } from '../../../components/auth-layout';
import { useSession } from '../../../lib/session';
import { userFromToken } from '../../../lib/session-token';
import { paths } from '../../../lib/paths';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { authText } from '../../../i18n/auth';
import { refreshToken } from '../api/refresh-token';

const steps = ['submitted', 'underReview', 'approval'] as const;
const CURRENT_STEP = steps.indexOf('underReview');
const STATUS_POLL_MS = 30_000;

/** Polls the account's status and follows a decision as soon as it is taken. */
function useStatusWatch() {
  const { user } = useSession();
  const { signInAndGo } = useSessionNavigation();

  const check = useEffectEvent(async () => {
    if (!user) return;
    let token: string | undefined;
    try {
      token = await refreshToken();
    } catch {
      return; // offline or a hiccup: the next tick or focus tries again
    }
    const next = token ? userFromToken(token) : null;
    if (!token || !next || next.status === user.status) return;
    signInAndGo(token, paths.dashboard.root);
  });

  useEffect(() => {
    const run = () => void check();
    run();
    const timer = window.setInterval(run, STATUS_POLL_MS);
    window.addEventListener('focus', run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', run);
    };
  }, []);
}

export function ApprovalPendingPage() {
  const { signOutAndGo } = useSessionNavigation();
  useStatusWatch();
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
