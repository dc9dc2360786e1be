/**
 * A borrower's status as text on colour (spec part 2 §2 "Borrower detail"): active in
 * the default style, anything else destructive. Both fills carry white text at WCAG AA.
 */
import { Badge } from '@mantine/core';
import { borrowersText as t } from '../../../i18n/borrowers';
import { capitalizeWords } from '../../../lib/format';

export function BorrowerStatusBadge({ status }: { status: string }) {
  const active = status.toLowerCase() === 'active';
  return (
    <Badge variant="filled" color={active ? undefined : 'red.9'} tt="none" size="md">
      {t.statusLabels[status.toLowerCase()] ?? capitalizeWords(status)}
    </Badge>
  );
}
