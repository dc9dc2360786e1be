import { StatusBadge } from '../../../components/status-badge';
import { agentsText as t } from '../../../i18n/agents';
import { capitalizeWords } from '../../../lib/format';

/** An agent's status as colour plus text; an invited agent (new) reads "Invited". */
export function AgentStatusBadge({ status }: { status: string }) {
  const label = t.statusLabels[status.toLowerCase()] ?? capitalizeWords(status);
  return <StatusBadge status={status} label={label} />;
}
