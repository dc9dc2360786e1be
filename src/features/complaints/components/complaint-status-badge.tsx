/** A complaint's status as colour plus words, and "Overdue" beside it when it is. */
import { Badge, Group } from '@mantine/core';
import type { ComplaintStatus } from '../../../domain/complaints';
import { complaintsText as t } from '../../../i18n/complaints';

const colors: Record<ComplaintStatus, string> = {
  open: 'yellow',
  in_progress: 'cyan',
  resolved: 'green',
  closed: 'gray.5',
};

export function ComplaintStatusBadge({
  status,
  overdue,
}: {
  status: ComplaintStatus;
  overdue: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="dot" color={colors[status]} tt="none" size="md">
        {t.statuses[status]}
      </Badge>
      {overdue && (
        <Badge color="red" variant="filled" tt="none" size="md">
          {t.overdue}
        </Badge>
      )}
    </Group>
  );
}
