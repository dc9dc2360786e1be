/**
 * POST /auth/token/refresh: a fresh token carrying the account's current status, so a
 * pending lender learns of the administrator's decision without signing in again.
 */
import { accessTokenOf, http } from '../../../api/client';

export async function refreshToken(): Promise<string | undefined> {
  return accessTokenOf(await http.post<unknown>('/auth/token/refresh'));
}
