/** Loan files API. */
import { loanFileUploadSchema } from '../../../src/domain/field-work';
import { fieldWorkText } from '../../../src/i18n/field-work';
import { multipartBody } from '../../lib/openapi';
import { idParamsSchema } from '../../lib/params';
import { parseOrThrow } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { readMultipart, writeWithFiles } from '../../storage/uploads';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { borrowerFor } from '../borrowers/service';
import type { RoutesPlugin } from '../deps';
import {
  checkLoanFiles,
  createLoanAgreement,
  loanFileFieldNames,
  loanFileUploads,
  loanFilesOfBorrower,
  saveLoanFiles,
} from './service';
import { contract } from '../../lib/contract';

const uploadDescription =
  'Multipart fields: description (required), borrowerId, loanAgreement (optional: the id of an agreement from POST /loan-agreement/for-loan; without it a new agreement is created). Files (JPEG, PNG, WebP or PDF, checked by content): loanAgreementfilesorImage and otherImage, each optional but at least one. A bad file refuses the whole upload and nothing is stored.';

export const loanFileRoutes: RoutesPlugin = async (app, deps) => {
  const { db, storage } = deps;
  const agent = app.requireRole('agent');

  app.post(
    '/loan-agreement/for-loan',
    {
      onRequest: agent,
      schema: {
        tags: ['loan-files'],
        summary: "Open a loan agreement (a folder for a loan's files) for a borrower",
        ...contract('POST /loan-agreement/for-loan'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const agreement = await createLoanAgreement(
          tx,
          currentUser(request),
          request.body.borrowerId,
        );
        return {
          status: 201,
          body: { id: agreement.id, message: fieldWorkText.agreementCreated, data: agreement },
        };
      }),
  );

  app.post(
    '/loan-agreement-uploads/files',
    {
      onRequest: agent,
      schema: {
        tags: ['loan-files'],
        summary: "Upload a borrower's loan agreement and other files (multipart)",
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        body: multipartBody([loanFileUploadSchema], { optional: loanFileFieldNames }),
        ...contract('POST /loan-agreement-uploads/files'),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        maxFileBytes: deps.config.uploadMaxBytes,
        fileFields: loanFileFieldNames,
      });
      const input = parseOrThrow(loanFileUploadSchema, form.fields);
      checkLoanFiles(form.files);
      const user = currentUser(request);
      const borrower = await borrowerFor(db, user, input.borrowerId);
      const outcome = await writeWithFiles(
        storage,
        `loan-files/${borrower.lenderBusinessId}`,
        loanFileUploads(form.files).map((upload) => upload.file),
        (keys) =>
          runIdempotent(db, request, reply, async (tx) => ({
            status: 201,
            body: {
              message: fieldWorkText.filesUploaded,
              data: await saveLoanFiles(tx, user, input, form.files, keys),
            },
          })),
      );
      return outcome.send(reply);
    },
  );

  app.get(
    '/loan-agreement/borrower/:borrowerId',
    {
      onRequest: app.requireRole('agent', 'lender'),
      schema: {
        tags: ['loan-files'],
        summary: "A borrower's loan agreements with their files, newest first",
        description:
          'Each file carries its storageKey, to be opened through GET /auth/lender/presigned-url (bucket mkopo-documents, fileName = storageKey).',
        params: idParamsSchema('borrowerId'),
        ...contract('GET /loan-agreement/borrower/:borrowerId'),
      },
    },
    async (request) => loanFilesOfBorrower(db, currentUser(request), request.params.borrowerId),
  );
};
