/**
 * A status as colour plus text (STYLE.md "Screens"). Colours follow spec part 1 §2.12
 * and part 2 §9 (Active green, Pending yellow, Blocked red, Suspended blue). The dot
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
  // fines (spec part 2 §4) and M-Pesa repayments (matched to a loan or not)
  paid: 'green',
  unpaid: 'red',
  matched: 'green',
  unmatched: 'orange',
  // refunds of overpaid wallets (spec part 2 §4)
  refunded: 'green',
  notrefunded: 'orange',
  // unassigned paybill payments (DESIGN.md §6)
  unassigned: 'orange',
  refunding: 'cyan',
  anomaly: 'red',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge variant="dot" color={colors[status.toLowerCase()] ?? 'gray.5'} tt="none" size="md">
      {label}
    </Badge>
  );
}
