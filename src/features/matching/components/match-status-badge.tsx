import { Badge } from '@mantine/core';
import { matchingText as t } from '../../../i18n/matching';

/** Matched or Unmatched (spec part 2 §4 "Repayment transaction"), as colour plus text. */
export function MatchStatusBadge({ unmatched }: { unmatched: boolean }) {
  // The badge never shrinks to an ellipsis: a status is always read in full.
  return (
    <div style={{ width: 'max-content' }}>
      <Badge variant="dot" color={unmatched ? 'orange' : 'green'} tt="none" size="md">
        {unmatched ? t.unmatched : t.matched}
      </Badge>
    </div>
  );
}
