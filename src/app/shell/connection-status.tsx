/**
 * The agent's connection and outbox in the top bar (docs/architecture.md §7): Online or Offline,
 * and how many items wait to be sent; it opens the Outbox screen.
 */
import { Badge, Group, UnstyledButton } from '@mantine/core';
import { IconCloudOff, IconCloudUpload, IconWifi } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { offlineText as t } from '../../i18n/offline';
import { paths } from '../../lib/paths';
import { useOnline, useOutboxCounts } from '../../offline/use-connection';
import { DeferredTooltip } from './deferred';

export function ConnectionStatus({ userId, desktop }: { userId: number; desktop: boolean }) {
  const online = useOnline();
  const counts = useOutboxCounts(userId);
  const unsent = counts.waiting + counts.sending + counts.needsAttention;
  // The name starts with what the badges show (Online, the count), then says what it means.
  const shown = [online ? t.online : t.offline, unsent ? t.waitingToSend(unsent) : '']
    .filter(Boolean)
    .join(', ');
  const label = `${shown}. ${online ? t.connectionOnline : t.connectionOffline}`;
  // Words on every screen; on phones smaller badges, without their icons, fit the bar.
  const phoneBadge = { size: 'md', px: 6, 'aria-hidden': true, style: badgeOnPhone } as const;
  return (
    <DeferredTooltip label={label} multiline w={260} withArrow>
      <UnstyledButton
        component={Link}
        to={paths.dashboard.outbox}
        aria-label={label}
        mih={44}
        style={{ display: 'flex', alignItems: 'center' }}
      >
        <Group gap={6} wrap="nowrap">
          <Badge
            variant="light"
            color={online ? 'teal' : 'orange'}
            tt="none"
            {...(desktop
              ? {
                  size: 'lg',
                  leftSection: online ? <IconWifi size={14} /> : <IconCloudOff size={14} />,
                }
              : phoneBadge)}
          >
            {online ? t.online : t.offline}
          </Badge>
          {unsent > 0 && (
            <Badge
              variant="filled"
              color={counts.needsAttention ? 'red' : 'blue'}
              {...(desktop
                ? {
                    size: 'lg',
                    leftSection: <IconCloudUpload size={14} />,
                    'data-testid': 'outbox-count',
                  }
                : phoneBadge)}
            >
              {unsent}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </DeferredTooltip>
  );
}

const badgeOnPhone = { flexShrink: 0, overflow: 'visible' } as const;
