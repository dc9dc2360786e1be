/**
 * POST /auth/token/refresh: a fresh token carrying the account's current status, so a
 * pending lender learns of the administrator's decision without signing in again.
 */
import { http } from '../../../api/client';

export async function refreshToken(): Promise<string> {
  const answer = await http.post('/auth/token/refresh');
  return answer.token.accessToken;
}
