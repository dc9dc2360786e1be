/**
 * A loan's status as colour plus text, on every screen that shows one (docs/architecture.md §5
 * names the statuses). The badge never shrinks to an ellipsis: a status is always read in full.
 */
import { loanStatusLabel } from '../lib/format';
import { StatusBadge } from './status-badge';

export function LoanStatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span style={{ display: 'inline-block', width: 'max-content', verticalAlign: 'middle' }}>
      <StatusBadge status={status ?? ''} label={loanStatusLabel(status)} />
    </span>
  );
}
