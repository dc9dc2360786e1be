/**
 * The status badge of the approval table: Active default, Pending
 * secondary, Blocked destructive, Suspended outline, anything else secondary — as
 * Mantine variants, always with the status written out.
 */
import { Badge, type BadgeProps } from '@mantine/core';
import { capitalizeWords } from '../../../lib/format';

const secondary: BadgeProps = { variant: 'light', color: 'gray' };
const styles: Record<string, BadgeProps> = {
  active: { variant: 'filled' },
  pending: secondary,
  blocked: { variant: 'filled', color: 'red.9' },
  suspended: { variant: 'outline', color: 'gray' },
};

export function ApprovalStatusBadge({ status }: { status: string }) {
  return (
    <Badge tt="none" size="md" {...(styles[status.toLowerCase()] ?? secondary)}>
      {capitalizeWords(status)}
    </Badge>
  );
}
