/**
 * Days overdue as colour plus text: destructive (red) above 7 days,
 * an outlined badge in the body text colour otherwise, so both themes pass WCAG AA.
 * Counted from the due date with the server's formula (src/domain), so a list read
 * earlier still shows today's figure.
 */
import { Badge } from '@mantine/core';
import { daysOverdue, isSeriouslyOverdue } from '../../../domain/field-work';
import { followUpsText as t } from '../../../i18n/field-work';

export function DaysOverdueBadge({ dueDate }: { dueDate: string | null }) {
  const days = daysOverdue(dueDate);
  if (isSeriouslyOverdue(days)) {
    return (
      <Badge color="red.8" variant="filled" size="md" tt="none" data-overdue="destructive">
        {t.days(days)}
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="default" size="md" tt="none" data-overdue={days ? 'due' : 'none'}>
      {days ? t.days(days) : t.notOverdue}
    </Badge>
  );
}
