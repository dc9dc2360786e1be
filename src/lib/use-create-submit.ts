/**
 * A create dialog's submit, around the create's own hook (which makes an answer without data
 * a failure and reloads every screen reading what was created): busy while sending, success
 * toasts and hands over; failure shows a destructive toast titled "Uh oh! Something went
 * wrong." and the inline alert.
 */
import type { WriteHook } from '../api/mutations';
import { commonText } from '../i18n/common';
import { notifyError, notifySuccess } from './notify';

type Answer = { data?: unknown } | undefined;

export function useCreateSubmit<TData extends Answer, TVariables>(
  useCreate: WriteHook<TData, TVariables>,
  options: {
    /** The success toast; a function reads it from the answer. */
    successText: string | ((answer: TData) => string);
    /** The success toast's title, when not the usual one (a write kept on the phone). */
    successTitle?: (answer: TData) => string;
    /** The toast's and the inline alert's words for a failure. */
    failure: (error: unknown) => { toast: string; inline: string };
    onCreated: () => void;
  },
) {
  const mutation = useCreate({
    onSuccess: (answer) => {
      const text =
        typeof options.successText === 'function'
          ? options.successText(answer)
          : options.successText;
      notifySuccess(options.successTitle?.(answer) ?? commonText.successTitle, text);
      options.onCreated();
    },
    onError: (failure) => notifyError(commonText.errorTitle, options.failure(failure).toast),
  });

  return {
    busy: mutation.isPending,
    error: mutation.error ? options.failure(mutation.error).inline : null,
    run: (variables: TVariables) => mutation.mutateAsync(variables).catch(() => undefined),
  };
}
