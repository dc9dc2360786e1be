/**
 * A loan's follow-up history, newest first:
 * the comment, who wrote it and when; a follow-up still waiting to be sent (negative
 * id) carries a "Sending" badge.
 */
import { Badge, Group, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconMessageCircle, IconSend } from '@tabler/icons-react';
import { followUpsText as t } from '../../../i18n/field-work';
import { formatDateTime } from '../../../lib/format';
import type { FollowUp } from '../api/get-follow-ups';

const authorOf = (followUp: FollowUp) =>
  [followUp.agent.firstName, followUp.agent.lastName].filter(Boolean).join(' ');

export function FollowUpHistory({ followUps }: { followUps: FollowUp[] }) {
  if (!followUps.length) {
    return (
      <Stack align="center" ta="center" gap="xs" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMessageCircle size={26} />
        </ThemeIcon>
        <Text c="dimmed" maw={420}>
          {t.noHistory}
        </Text>
      </Stack>
    );
  }
  return (
    <Timeline bulletSize={28} lineWidth={2} role="list" aria-label={t.history}>
      {followUps.map((followUp) => {
        const sending = followUp.id < 0;
        const author = authorOf(followUp);
        return (
          <Timeline.Item
            key={followUp.id}
            role="listitem"
            bullet={sending ? <IconSend size={14} /> : <IconMessageCircle size={14} />}
            title={
              <Group gap="xs" component="span">
                <Text span size="sm" fw={600}>
                  {formatDateTime(followUp.createdAt)}
                </Text>
                {author && (
                  <Text span size="sm" c="dimmed">
                    {t.by(author)}
                  </Text>
                )}
                {sending && (
                  <Badge color="yellow" variant="dot" tt="none">
                    {t.sending}
                  </Badge>
                )}
              </Group>
            }
          >
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {followUp.comment}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
