/**
 * Failures on the admin screens (spec part 2 §8): the screen's failure text as the
 * title of a destructive toast with the server's sentence below it, which the caller
 * also shows in an inline alert.
 */
import { useEffect } from 'react';
import { failureMessage } from '../../../lib/failure';
import { notifyError } from '../../../lib/notify';

/** Shows the failure and answers the server's sentence, for an inline alert too. */
export function notifyFailure(title: string, error: unknown): string {
  const message = failureMessage(error);
  notifyError(title, message);
  return message;
}

/** Shows a failed load once, when it happens. */
export function useFailureToast(error: Error | null, title: string) {
  useEffect(() => {
    if (error) notifyFailure(title, error);
  }, [error, title]);
}
