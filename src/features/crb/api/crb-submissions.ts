/**
 * The credit bureau submissions API (docs/crb.md): a business's versions of a month, generating a
 * month, marking a version submitted, and downloading its files.
 */
import { invalidate, useWrite, type MutationOptions } from '../../../api/mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import type { AnswerWith } from '../../../domain/answers';
import type { CrbFileKind, CrbSubmission, crbSubmissionView } from '../../../domain/crb';

export type { CrbSubmission };

/** GET /crb/submissions?lenderBusinessId&month: the month's versions, newest first. */
export const crbSubmissionsQuery = (lenderBusinessId: number | null, month: string | null) =>
  queryOptions({
    queryKey: ['crb-submissions', lenderBusinessId, month],
    queryFn: () =>
      http.get('/crb/submissions', {
        query: {
          lenderBusinessId: lenderBusinessId!,
          month: month!,
        },
      }),
    enabled: lenderBusinessId !== null && month !== null,
  });

/** POST /crb/submissions: generates the month (a draft version). */
export function generateSubmission(lenderBusinessId: number, month: string) {
  return http.post('/crb/submissions', {
    body: {
      lenderBusinessId,
      month,
    },
  });
}

/** POST /crb/submissions/{id}/submit: marks the version submitted. */
export function markSubmitted(id: number) {
  return http.post('/crb/submissions/:id/submit', { params: { id } });
}

/** GET /crb/submissions/{id}/files/{kind}, saved under the name the manual's files take. */
export function downloadSubmissionFile(submission: CrbSubmission, kind: CrbFileKind) {
  const month = submission.month.replace('-', '');
  return downloadFile(
    `/crb/submissions/${submission.id}/files/${kind}`,
    `crb-${submission.lenderBusinessId}-${month}-v${submission.version}-${kind}.txt`,
  );
}

type SubmissionAnswer = AnswerWith<typeof crbSubmissionView>;

/** Generates a business's month (a new draft version); the versions lists reload. */
export function useGenerateSubmission(
  options?: MutationOptions<SubmissionAnswer, { lenderBusinessId: number; month: string }>,
) {
  return useWrite(
    {
      mutationFn: ({ lenderBusinessId, month }: { lenderBusinessId: number; month: string }) =>
        generateSubmission(lenderBusinessId, month),
      refresh: (queryClient) => void invalidate(queryClient, 'crb-submissions'),
    },
    options,
  );
}

/** Marks a version (the variable is its id) submitted; the versions lists reload. */
export function useMarkSubmitted(options?: MutationOptions<SubmissionAnswer, number>) {
  return useWrite(
    {
      mutationFn: markSubmitted,
      refresh: (queryClient) => void invalidate(queryClient, 'crb-submissions'),
    },
    options,
  );
}
