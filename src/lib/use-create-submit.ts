/**
 * A create dialog's submit (the spec's "Error catalogue"), as a mutation: busy while
 * sending, an answer without data counts as a failure, success toasts, reloads every
 * screen reading what was created (`invalidates`) and hands over; failure shows a
 * destructive toast titled "Uh oh! Something went wrong." and the inline alert.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResource } from '../api/query-client';
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
  /** The resources whose queries reload once the create has succeeded. */
  invalidates: readonly ApiResource[];
  onCreated: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (send: () => Promise<Answer>) => {
      const answer = await send();
      if (!answer?.data) throw new Error('The answer carried no data');
      return answer;
    },
    onSuccess: async (answer) => {
      const text =
        typeof options.successText === 'function'
          ? options.successText(answer)
          : options.successText;
      notifySuccess(options.successTitle?.(answer) ?? commonText.successTitle, text);
      await Promise.all(
        options.invalidates.map((resource) =>
          queryClient.invalidateQueries({ queryKey: [resource] }),
        ),
      );
      options.onCreated();
    },
    onError: (failure) => notifyError(commonText.errorTitle, options.failure(failure).toast),
  });

  return {
    busy: mutation.isPending,
    error: mutation.error ? options.failure(mutation.error).inline : null,
    run: (send: () => Promise<Answer>) => mutation.mutateAsync(send).catch(() => undefined),
  };
}
