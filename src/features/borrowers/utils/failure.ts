/**
 * The generic failure handling of spec part 2 §8, used here where the original product
 * only logged borrower failures: the server's sentence (ApiError carries it), else the
 * thrown error's message, else "An error occurred. Please try again.", in a destructive
 * toast titled "Uh oh! Something went wrong." — the caller also shows it inline.
 */
import { commonText } from '../../../i18n/common';
import { notifyError } from '../../../lib/notify';

export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : commonText.genericError;
}

/** Toasts the failure and answers its message for the inline alert. */
export function reportFailure(error: unknown): string {
  const message = failureMessage(error);
  notifyError(commonText.errorTitle, message);
  return message;
}
