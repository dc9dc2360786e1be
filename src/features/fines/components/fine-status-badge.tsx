import { Badge } from '@mantine/core';
import { finesText as t } from '../../../i18n/matching';
import type { Fine } from '../api/get-fines';

/** Paid or Unpaid (spec part 2 §4), as colour plus text. */
export function FineStatusBadge({ status }: { status: Fine['status'] }) {
  const paid = status === 'Paid';
  // The badge never shrinks to an ellipsis: a status is always read in full.
  return (
    <div style={{ width: 'max-content' }}>
      <Badge variant="dot" color={paid ? 'green' : 'red'} tt="none" size="md">
        {paid ? t.paid : t.unpaid}
      </Badge>
    </div>
  );
}
