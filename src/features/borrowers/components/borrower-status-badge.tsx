/**
 * A borrower's status as text on colour: active in
 * the default style, anything else destructive. Both fills carry white text at WCAG AA.
 * One registered offline and not sent yet reads "Sending".
 */
import { Badge } from '@mantine/core';
import { borrowerStatusLabel } from '../../../lib/format';
import { PENDING_STATUS } from '../../../offline/pending';

export function BorrowerStatusBadge({ status }: { status: string }) {
  const active = status.toLowerCase() === 'active';
  // Registered offline and still in the outbox: neither active nor a problem.
  const sending = status === PENDING_STATUS;
  return (
    <Badge
      variant={sending ? 'light' : 'filled'}
      color={sending ? 'blue' : active ? undefined : 'red.9'}
      tt="none"
      size="md"
    >
      {borrowerStatusLabel(status)}
    </Badge>
  );
}
