/**
 * /lender/rejected (spec part 1 §2.9): the session ends as soon as the page opens, so the
 * guard cannot bounce the lender back here from anywhere else.
 */
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleX, IconHome, IconMail } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { authText } from '../../../i18n/auth';
import { commonText } from '../../../i18n/common';
import { useSession } from '../../../lib/session';
import { AuthStatusScreen } from '../../../components/auth-layout';

/**
 * Hook point for the rejection reason: whoever navigates here may pass
 * `{ state: { reason } }`; the feature that supplies it arrives later.
 */
function useRejectionReason(): string | undefined {
  const { state } = useLocation() as { state: unknown };
  if (state && typeof state === 'object' && 'reason' in state) {
    const { reason } = state as { reason: unknown };
    if (typeof reason === 'string' && reason.trim()) return reason.trim();
  }
  return undefined;
}

export function RejectedPage() {
  const { signOut } = useSession();
  const reason = useRejectionReason();

  useEffect(() => {
    signOut();
  }, [signOut]);

  return (
    <AuthStatusScreen
      title={authText.rejectedTitle}
      message={authText.rejectedText}
      color="red"
      icon={<IconCircleX size={30} />}
    >
      <Stack gap="sm">
        {reason && (
          <Alert color="red" variant="light" mb="xs">
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
