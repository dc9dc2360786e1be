/**
 * A status as colour plus text (docs/architecture.md §8). Active is green, Pending yellow,
 * Blocked red, Suspended blue. The dot
 * variant keeps the words in the body text colour, so they pass WCAG AA in both themes.
 */
import { Badge } from '@mantine/core';

const colors: Record<string, string> = {
  active: 'green',
  approved: 'green',
  repaid: 'blue',
  pending: 'yellow',
  disbursing: 'cyan',
  new: 'gray.5',
  suspended: 'blue',
  flagged: 'orange',
  default: 'red',
  rejected: 'red',
  blocked: 'red',
  written_off: 'gray.5',
  // fines and M-Pesa repayments (matched to a loan or not)
  paid: 'green',
  unpaid: 'red',
  matched: 'green',
  unmatched: 'orange',
  // refunds of overpaid wallets
  refunded: 'green',
  notrefunded: 'orange',
  // unassigned paybill payments (docs/architecture.md §6)
  unassigned: 'orange',
  refunding: 'cyan',
  refund_failed: 'red',
  anomaly: 'red',
  // administrators (Settings → Administrators) and their second factor
  deactivated: 'red',
  factor_on: 'green',
  factor_off: 'orange',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge variant="dot" color={colors[status.toLowerCase()] ?? 'gray.5'} tt="none" size="md">
      {label}
    </Badge>
  );
}
