/** A lender business's status as colour plus text, in the screen's language. */
import { businessesText } from '../i18n/businesses';
import { capitalizeWords } from '../lib/format';
import { StatusBadge } from './status-badge';

/** "new" → "New" (Kiswahili "Mpya"); a status the catalogue does not know reads capitalised. */
export function businessStatusLabel(status: string): string {
  const labels: Record<string, string | undefined> = businessesText.statuses;
  return labels[status.toLowerCase()] ?? capitalizeWords(status);
}

export function BusinessStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} label={businessStatusLabel(status)} />;
}
