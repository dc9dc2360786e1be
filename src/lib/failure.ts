/**
 * What a failure says, and how it is shown (docs/architecture.md
 * §8): a failed action is a toast (notifyFailure), a failed read an inline FailureAlert with its
 * Retry, or a toast that goes once a retry loads (useFailureToast) on the screens that show
 * one. The API client already puts the server's sentence into an ApiError's message.
 * - failureMessage: the generic pattern — the server's message if present, else the
 *   thrown error's message, else "An error occurred. Please try again."
 * - failureText: for screens with a text of their own — the server's sentence when it
 *   sent one ("the server could not be reached" when nothing answered), else that text.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '../api/client';
import { serverSentence } from '../api/server-sentence';
import { commonText } from '../i18n/common';
import { clearFailureToast, notifyError } from './notify';

export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : commonText.genericError;
}

export function failureText(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (serverSentence(error.body) !== undefined || error.status === 0)
  ) {
    return error.message;
  }
  return fallback;
}

/**
 * The toast of a failed action, titled with the screen's own text ("Failed to …";
 * commonText.errorTitle where it has none), the error's sentence
 * below it; answers that sentence for an inline alert too. notifyError (./notify.ts) is for
 * a sentence the screen already has.
 */
export function notifyFailure(title: string, error: unknown): string {
  const message = failureMessage(error);
  notifyError(title, message);
  return message;
}

/**
 * Shows a failed load once, when it happens, and takes it away once a retry loads:
 * the failure toast never outlives the failure. The error's sentence, or `sentence` when the
 * screen says its own.
 */
export function useFailureToast(error: Error | null, title: string, sentence?: string) {
  const failed = useRef(false);
  useEffect(() => {
    if (error) {
      failed.current = true;
      if (sentence === undefined) notifyFailure(title, error);
      else notifyError(title, sentence);
    } else if (failed.current) {
      failed.current = false;
      clearFailureToast();
    }
  }, [error, title, sentence]);
}
