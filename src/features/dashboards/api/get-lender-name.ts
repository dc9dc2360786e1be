/** The lender's name for the dashboard greeting: GET /auth/lender/get/{userId}. */
import type * as v from 'valibot';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { lenderNamesView } from '../../../domain/lender-profile';
import { personName } from '../../../lib/names';

export type LenderName = v.InferOutput<typeof lenderNamesView>;

export function getLenderName(userId: number): Promise<LenderName> {
  return http.get('/auth/lender/get/:id', { params: { id: userId } });
}

/** "First Last", or the email's local part when the lender has no name yet. */
export function displayName(name: LenderName | null | undefined, email: string): string {
  return personName(name) || email.split('@')[0] || email;
}

export const lenderNameQuery = (userId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'lender-name', userId],
    queryFn: () => getLenderName(userId),
  });
