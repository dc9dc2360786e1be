/** refunded or notrefunded, in full: the badge never shrinks to an ellipsis. */
import { StatusBadge } from '../../../components/status-badge';
import { refundsText as t } from '../../../i18n/refunds';

export function RefundStatusBadge({ refunded }: { refunded: string }) {
  return (
    <div style={{ width: 'max-content' }}>
      <StatusBadge status={refunded} label={t.statuses[refunded] ?? refunded} />
    </div>
  );
}
