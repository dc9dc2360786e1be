import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSwitchHorizontal, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { businessSelectorPathFor } from '../../lib/business-selector-path';
import { shellText } from '../../i18n/shell';
import type { SessionUser } from '../../lib/session-token';
import { paths } from '../../lib/paths';
import { codeWhenNeeded } from '../code-when-needed';
import { DeferredMenu } from './deferred';
import { useLogOutWithWarning } from './log-out-warning';

/** Where Profile leads for each role. */
function profilePathFor(role: string): string | null {
  if (role === 'admin' || role === 'super_admin') return paths.dashboard.adminProfile;
  if (role === 'lender') return paths.dashboard.lenderProfile;
  if (role === 'agent') return paths.dashboard.agentProfile;
  return null;
}

/** Ready offline and Sync now: the working set's code, loaded for agents when the menu opens. */
const OfflineMenuItems = codeWhenNeeded(
  () => import('../../components/offline-readiness'),
  (module) => module.OfflineMenuItems,
);

export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  // An agent's work not sent yet stays on the phone; logging out warns first (docs/architecture.md §7).
  const { requestLogOut, warning } = useLogOutWithWarning(user);
  const localPart = user.email.split('@')[0] ?? user.email;
  const initial = (user.email.charAt(0) || '?').toUpperCase();
  const profilePath = profilePathFor(user.role);
  const selectorPath = businessSelectorPathFor(user.role);

  return (
    <>
      <DeferredMenu
        position="bottom-end"
        width={260}
        shadow="md"
        target={
          <UnstyledButton aria-label={shellText.userMenu} p={4} style={{ borderRadius: '50%' }}>
            <Avatar color="teal" radius="xl" size={36}>
              {initial}
            </Avatar>
          </UnstyledButton>
        }
      >
        {({ Menu, LanguageMenuItems }) => (
          <>
            <Group gap="sm" wrap="nowrap" px="sm" py="xs">
              <Avatar color="teal" radius="xl" aria-hidden>
                {initial}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {localPart}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Stack>
            </Group>
            <Menu.Divider />
            {profilePath && (
              <Menu.Item
                leftSection={<IconUserCircle size={16} />}
                onClick={() => void navigate(profilePath)}
              >
                {shellText.profile}
              </Menu.Item>
            )}
            {selectorPath && (
              <Menu.Item
                leftSection={<IconSwitchHorizontal size={16} />}
                onClick={() => void navigate(selectorPath)}
              >
                {shellText.switchBusiness}
              </Menu.Item>
            )}
            {user.role === 'agent' && (
              <>
                <Menu.Divider />
                <OfflineMenuItems needed userId={user.id} Menu={Menu} />
                <Menu.Divider />
                <LanguageMenuItems />
                <Menu.Divider />
              </>
            )}
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={requestLogOut}>
              {shellText.logOut}
            </Menu.Item>
          </>
        )}
      </DeferredMenu>
      {warning}
    </>
  );
}
