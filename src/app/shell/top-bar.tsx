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

/**
 * The top bar: burger on phones, product name, business, theme, user. What only one size
 * shows is drawn only at that size (`desktop`: from Mantine's `sm` up), not drawn and hidden:
 * on a phone 4× slower than this machine, every part drawn costs the first screen.
 */
export function TopBar({
  user,
  selectorPath,
  navOpened,
  onToggleNav,
  desktop,
}: {
  user: SessionUser;
  selectorPath: string | null;
  navOpened: boolean;
  onToggleNav: () => void;
  desktop: boolean;
}) {
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {!desktop && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            size="sm"
            w={44}
            h={44}
            aria-label={navOpened ? shellText.closeNavigation : shellText.openNavigation}
            aria-expanded={navOpened}
          />
        )}
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
          {(desktop || user.role !== 'agent') && (
            <Text fw={800} size="lg" component="span">
              {commonText.productName}
            </Text>
          )}
        </UnstyledButton>
        {selectorPath && desktop && (
          <Group ml="lg" style={{ minWidth: 0 }}>
            <BusinessSwitch selectorPath={selectorPath} layout="bar" />
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.role === 'agent' && <ConnectionStatus userId={user.id} desktop={desktop} />}
        <ThemeMenu />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
