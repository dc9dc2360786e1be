/** The lender's name for the dashboard greeting: GET /auth/lender/get/{userId} (the spec's "The calls it makes"). */
import { http } from '../../../api/client';
import { personName } from '../../../lib/names';

export type LenderName = { firstName?: string | null; lastName?: string | null };

export function getLenderName(userId: number): Promise<LenderName | null> {
  return http.get<LenderName | null>(`/auth/lender/get/${userId}`);
}

/** "First Last", or the email's local part when the lender has no name yet. */
export function displayName(name: LenderName | null, email: string): string {
  return personName(name) || email.split('@')[0] || email;
}
