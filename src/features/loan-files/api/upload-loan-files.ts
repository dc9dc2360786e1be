/**
 * POST /loan-agreement-uploads/files (multipart: description, borrowerId, loanAgreement,
 * loanAgreementfilesorImage, otherImage): answers 201 {message, data: the agreement with
 * the files this upload stored}.
 */
import {
  invalidate,
  useReloadWhenSent,
  useWrite,
  withData,
  type MutationOptions,
} from '../../../api/mutations';
import { outboxForm, submitOrQueue } from '../../../offline/submit';
import { http } from '../../../api/client';
import type { PathOf } from '../../../domain/routes';
import type { LoanFileField, LoanFilesAnswer } from '../../../domain/field-work';

export type LoanFilesUpload = {
  description: string;
  borrowerId: number;
  loanAgreement?: number | null;
  files: Partial<Record<LoanFileField, File | null>>;
};

export const LOAN_FILES_PATH = '/loan-agreement-uploads/files' satisfies PathOf<'POST'>;

export function uploadLoanFiles(upload: LoanFilesUpload): Promise<LoanFilesAnswer> {
  return http.postForm(LOAN_FILES_PATH, { body: loanFilesBody(upload) });
}

/** The multipart body of an upload, as sent online or kept in the outbox. */
export function loanFilesBody(upload: LoanFilesUpload): FormData {
  const body = new FormData();
  body.append('description', upload.description);
  body.append('borrowerId', String(upload.borrowerId));
  if (upload.loanAgreement) body.append('loanAgreement', String(upload.loanAgreement));
  for (const [field, file] of Object.entries(upload.files)) {
    if (file) body.append(field, file, file.name);
  }
  return body;
}

/** Whose outbox an agent's upload may wait in, and the label it is listed under. */
export type LoanFilesQueueing = { userId: number; lenderBusinessId: number; label: string };

/** An upload's answer: the server's, or the outbox item with the label it waits under. */
export type LoanFilesUploaded = { data?: unknown; queued?: string };

/**
 * Uploads a borrower's files. With `queue` (agents upload in the field) it is sent at once
 * when online, or kept in the outbox until online (docs/architecture.md §7); the borrower
 * may itself still wait there. The loan files lists reload before the caller goes on.
 */
export function useUploadLoanFiles(
  options?: MutationOptions<
    LoanFilesUploaded,
    { upload: LoanFilesUpload; queue?: LoanFilesQueueing }
  >,
) {
  return useWrite(
    {
      mutationFn: withData(
        async ({
          upload,
          queue,
        }: {
          upload: LoanFilesUpload;
          queue?: LoanFilesQueueing;
        }): Promise<LoanFilesUploaded> => {
          if (!queue) return uploadLoanFiles(upload);
          const submitted = await submitOrQueue({
            userId: queue.userId,
            kind: 'loanFile',
            lenderBusinessId: queue.lenderBusinessId,
            label: queue.label,
            request: {
              method: 'POST',
              path: LOAN_FILES_PATH,
              form: outboxForm(loanFilesBody(upload)),
              refs: ['borrowerId'],
            },
          });
          return submitted.kind === 'sent'
            ? (submitted.answer as LoanFilesUploaded)
            : { data: submitted.item, queued: queue.label };
        },
      ),
      refresh: (queryClient) => invalidate(queryClient, 'loan-files'),
    },
    options,
  );
}

/** The loan files lists reload when an upload kept on the phone reaches the server. */
export function useReloadSentLoanFiles() {
  useReloadWhenSent('loanFile', 'loan-files');
}
