/**
 * Toasts of the administrators' lender screens (spec part 1 §8): the spec's sentence as
 * the title of a destructive toast, with the server's own sentence below it.
 */
import { useEffect } from 'react';
import { commonText } from '../../../i18n/common';
import { notifyError } from '../../../lib/notify';

/** Shows the failure and answers the server's sentence, for an inline alert too. */
export function notifyFailure(title: string, error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : commonText.genericError;
  notifyError(title, message);
  return message;
}

/** Shows a failed list or record load once, when it happens. */
export function useFailureToast(error: Error | null, title: string) {
  useEffect(() => {
    if (error) notifyFailure(title, error);
  }, [error, title]);
}
