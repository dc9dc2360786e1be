/**
 * What a failed loan action says (spec part 2 §8): the server's sentence when it sent
 * one (or "the server could not be reached" when nothing answered), else the screen's
 * own text.
 */
import { ApiError } from '../../../api/client';

function sentMessage(body: unknown): boolean {
  if (!body || typeof body !== 'object' || !('message' in body)) return false;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() !== '';
}

export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (sentMessage(error.body) || error.status === 0)) {
    return error.message;
  }
  return fallback;
}
