import { Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { commonText } from '../../i18n/common';
import { shellText } from '../../i18n/shell';
import type { SessionUser } from '../../lib/session-token';
import { paths } from '../../lib/paths';
import { BusinessSwitch } from './business-switch';
import { ConnectionStatus } from './connection-status';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

/** The top bar: burger on phones, product name, business, theme, user. */
export function TopBar({
  user,
  selectorPath,
  navOpened,
  onToggleNav,
}: {
  user: SessionUser;
  selectorPath: string | null;
  navOpened: boolean;
  onToggleNav: () => void;
}) {
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          w={44}
          h={44}
          aria-label={navOpened ? shellText.closeNavigation : shellText.openNavigation}
          aria-expanded={navOpened}
        />
        <UnstyledButton
          component={Link}
          to={paths.dashboard.root}
          aria-label={commonText.productName}
          mih={44}
          style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}
        >
          {/* Mantine's Image draws this; its code is not needed for one fixed logo. */}
          <Box
            component="img"
            src="/icons/logo.svg"
            alt=""
            w={28}
            h={28}
            display="block"
            style={{ flex: 0, objectFit: 'cover' }}
          />
          {/* An agent's phone bar also holds the connection and the outbox count: the logo alone
              leaves them room in either language ("Nje ya mtandao" is twice "Offline"). */}
          <Text
            fw={800}
            size="lg"
            component="span"
            visibleFrom={user.role === 'agent' ? 'sm' : undefined}
          >
            {commonText.productName}
          </Text>
        </UnstyledButton>
        {selectorPath && (
          <Group visibleFrom="sm" ml="lg" style={{ minWidth: 0 }}>
            <BusinessSwitch selectorPath={selectorPath} layout="bar" />
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.role === 'agent' && <ConnectionStatus userId={user.id} />}
        <ThemeMenu />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
