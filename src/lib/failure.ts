/**
 * What a failure says (the spec's "Error catalogue"). The API client already puts the server's
 * sentence into an ApiError's message.
 * - failureMessage: the generic pattern — the server's message if present, else the
 *   thrown error's message, else "An error occurred. Please try again."
 * - failureText: for screens with a text of their own — the server's sentence when it
 *   sent one ("the server could not be reached" when nothing answered), else that text.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '../api/client';
import { commonText } from '../i18n/common';
import { clearFailureToast, notifyError } from './notify';

export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : commonText.genericError;
}

/** Toasts the failure under "Uh oh! Something went wrong." and answers it for the inline alert. */
export function reportFailure(error: unknown): string {
  const message = failureMessage(error);
  notifyError(commonText.errorTitle, message);
  return message;
}

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

/**
 * A failure titled with the screen's own text (the spec's "The error catalogue", "Failed to …"),
 * the server's sentence below it; answers that sentence for an inline alert too.
 */
export function notifyFailure(title: string, error: unknown): string {
  const message = failureMessage(error);
  notifyError(title, message);
  return message;
}

/**
 * Shows a failed load once, when it happens, and takes it away once a retry loads:
 * the failure toast never outlives the failure.
 */
export function useFailureToast(error: Error | null, title: string) {
  const failed = useRef(false);
  useEffect(() => {
    if (error) {
      failed.current = true;
      notifyFailure(title, error);
    } else if (failed.current) {
      failed.current = false;
      clearFailureToast();
    }
  }, [error, title]);
}
