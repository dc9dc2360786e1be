/**
 * /lender/rejected: the administrator's reason is read first, then the
 * session ends, so the guard cannot bounce the lender back here from anywhere else.
 */
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconCircleX, IconHome, IconMail } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { authText } from '../../../i18n/auth';
import { commonText } from '../../../i18n/common';
import { useSession } from '../../../lib/session';
import { AuthStatusScreen } from '../../../components/auth-layout';
import { getLenderDetails } from '../api/get-lender-details';

/** The rejection reason (fetched while the session still lasts), then the sign-out. */
function useReasonThenSignOut(): { reason: string | null; loading: boolean } {
  const { user, signOut } = useSession();
  const [state, setState] = useState<{ reason: string | null; loading: boolean }>(() => ({
    reason: null,
    loading: user?.role === 'lender',
  }));
  // Once per visit, also under StrictMode's second effect run.
  const started = useRef(false);

  const start = useEffectEvent(async () => {
    let reason: string | null = null;
    if (user?.role === 'lender') {
      try {
        reason = (await getLenderDetails(user.id)).rejectionReason?.trim() || null;
      } catch {
        reason = null; // the page still says the application was rejected
      }
    }
    signOut();
    setState({ reason, loading: false });
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, []);

  return state;
}

export function RejectedPage() {
  const { reason, loading } = useReasonThenSignOut();

  return (
    <AuthStatusScreen
      title={authText.rejectedTitle}
      message={authText.rejectedText}
      color="red"
      icon={<IconCircleX size={30} />}
    >
      <Stack gap="sm">
        {loading && <Skeleton h={48} radius="md" mb="xs" />}
        {reason && (
          <Alert color="red" variant="light" mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {authText.rejectionReason} {reason}
          </Alert>
        )}
        <Button
          component="a"
          href={`mailto:${commonText.supportEmail}`}
          size="md"
          fullWidth
          leftSection={<IconMail size={18} />}
        >
          {authText.contactSupport}
        </Button>
        <Button
          component={Link}
          to={paths.home}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconHome size={18} />}
        >
          {authText.returnHome}
        </Button>
      </Stack>
    </AuthStatusScreen>
  );
}
