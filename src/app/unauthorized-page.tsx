/** /unauthorized (spec part 1 §2.9): where the route guard sends a role that may not enter. */
import { Button } from '@mantine/core';
import { IconHome, IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthStatusScreen } from '../components/auth-layout';
import { commonText } from '../i18n/common';
import { paths } from '../lib/paths';

export function UnauthorizedPage() {
  return (
    <AuthStatusScreen
      title={commonText.accessDenied}
      message={commonText.accessDeniedText}
      color="red"
      icon={<IconShieldX size={30} />}
    >
      <Button
        component={Link}
        to={paths.home}
        size="md"
        fullWidth
        leftSection={<IconHome size={18} />}
      >
        {commonText.goBackHome}
      </Button>
    </AuthStatusScreen>
  );
}
