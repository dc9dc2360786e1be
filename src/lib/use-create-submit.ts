/**
 * A create dialog's submit (the spec's "Error catalogue"): busy while sending, an answer without data
 * counts as a failure, success toasts and hands over, failure shows a destructive toast
 * titled "Uh oh! Something went wrong." and the inline alert.
 */
import { useState } from 'react';
import { commonText } from '../i18n/common';
import { notifyError, notifySuccess } from './notify';

type Answer = { data?: unknown } | undefined;

export function useCreateSubmit(options: {
  /** The success toast; a function reads it from the answer. */
  successText: string | ((answer: Answer) => string);
  /** The success toast's title, when not the usual one (a write kept on the phone). */
  successTitle?: (answer: Answer) => string;
  /** The toast's and the inline alert's words for a failure. */
  failure: (error: unknown) => { toast: string; inline: string };
  onCreated: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(send: () => Promise<Answer>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      if (!answer?.data) throw new Error('The answer carried no data');
      const text =
        typeof options.successText === 'function'
          ? options.successText(answer)
          : options.successText;
      notifySuccess(options.successTitle?.(answer) ?? commonText.successTitle, text);
      options.onCreated();
    } catch (failure) {
      const { toast, inline } = options.failure(failure);
      setError(inline);
      notifyError(commonText.errorTitle, toast);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}
