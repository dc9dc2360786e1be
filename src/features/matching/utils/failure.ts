/**
 * The spec's generic failure pattern (part 2 §8): the server's response message if
 * present, else the thrown error's message, else "An error occurred. Please try again."
 * The API client already puts the server's sentence into the error's message.
 */
import { commonText } from '../../../i18n/common';

export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : commonText.genericError;
}
