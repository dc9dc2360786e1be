import { StatusBadge } from '../../../components/status-badge';
import { matchingText as t } from '../../../i18n/matching';

/** Matched or Unmatched, in full: the badge never shrinks to an ellipsis. */
export function MatchStatusBadge({ unmatched }: { unmatched: boolean }) {
  return (
    <div style={{ width: 'max-content' }}>
      <StatusBadge
        status={unmatched ? 'unmatched' : 'matched'}
        label={unmatched ? t.unmatched : t.matched}
      />
    </div>
  );
}
