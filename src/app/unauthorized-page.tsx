/**
 * /unauthorized: where the route guard sends a role that may not enter,
 * and a lender that is blocked or suspended. A signed-in user can always log out here
 * (to sign in as someone else, or again); a lender's page asks for the account's status
 * meanwhile and moves on once an administrator activated it again.
 */
import { Button, Stack } from '@mantine/core';
import { IconHome, IconLogout, IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthStatusScreen } from '../components/auth-layout';
import { useLenderStatusWatch } from '../features/lenders/hooks/use-status-watch';
import { authText } from '../i18n/auth';
import { commonText } from '../i18n/common';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { useLogOutWithWarning } from './shell/log-out-warning';

export function UnauthorizedPage() {
  const { user } = useSession();
  const { requestLogOut, warning } = useLogOutWithWarning(user);
  useLenderStatusWatch();
  return (
    <AuthStatusScreen
      title={commonText.accessDenied}
      message={commonText.accessDeniedText}
      color="red"
      icon={<IconShieldX size={30} />}
    >
      <Stack gap="sm">
        <Button
          component={Link}
          to={paths.home}
          size="md"
          fullWidth
          leftSection={<IconHome size={18} />}
        >
          {commonText.goBackHome}
        </Button>
        {user && (
          <Button
            variant="default"
            size="md"
            fullWidth
            leftSection={<IconLogout size={18} />}
            onClick={requestLogOut}
          >
            {authText.logOut}
          </Button>
        )}
      </Stack>
      {warning}
    </AuthStatusScreen>
  );
}
