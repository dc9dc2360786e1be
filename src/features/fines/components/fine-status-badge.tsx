import { StatusBadge } from '../../../components/status-badge';
import { finesText as t } from '../../../i18n/matching';
import type { Fine } from '../api/get-fines';

/** Paid or Unpaid, in full: the badge never shrinks to an ellipsis. */
export function FineStatusBadge({ status }: { status: Fine['status'] }) {
  const label = status === 'Paid' ? t.paid : t.unpaid;
  return (
    <div style={{ width: 'max-content' }}>
      <StatusBadge status={status} label={label} />
    </div>
  );
}
