/** The lender's name for the dashboard greeting: GET /auth/lender/get/{userId} (spec part 1 §7). */
import { http } from '../../../api/client';

export type LenderName = { firstName?: string | null; lastName?: string | null };

export function getLenderName(userId: number): Promise<LenderName | null> {
  return http.get<LenderName | null>(`/auth/lender/get/${userId}`);
}

/** "First Last", or the email's local part when the lender has no name yet. */
export function displayName(name: LenderName | null, email: string): string {
  const full = [name?.firstName, name?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || email.split('@')[0] || email;
}
