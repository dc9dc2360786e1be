/** What /dashboard shows a role it has no dashboard for (dashboard-index-page.tsx loads it then). */
import { Alert } from '@mantine/core';
import { commonText } from '../../i18n/common';

export function UnknownRoleAlert() {
  return <Alert color="red" variant="light" title={commonText.invalidUserRole} role="alert" />;
}
