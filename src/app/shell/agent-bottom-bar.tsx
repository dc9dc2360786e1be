import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { shellText } from '../../i18n/shell';
import { agentQuickLinks, isActivePath } from './menu';

/** The agent's four most-used places within thumb reach on phones (docs/architecture.md §8). */
export function AgentBottomBar({ pathname }: { pathname: string }) {
  return (
    <Group component="nav" aria-label={shellText.quickNavigation} grow gap={0} h="100%">
      {agentQuickLinks.map(({ label, href, icon: Icon }) => {
        const active = isActivePath(pathname, href);
        return (
          <UnstyledButton
            key={href}
            component={Link}
            to={href}
            aria-current={active ? 'page' : undefined}
            className="agent-quick-link"
            h="100%"
            mih={48}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
            }}
          >
            <Icon size={22} stroke={active ? 2.2 : 1.7} aria-hidden />
            <Text size="xs" fw={active ? 700 : 500} c="inherit" lh={1.1} ta="center">
              {label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
