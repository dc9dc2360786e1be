/** Loan files API (spec part 2 §7 "Loan files"). */
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { loanAgreementForLoanSchema, loanFileUploadSchema } from '../../../src/domain/field-work';
import { fieldWorkText } from '../../../src/i18n/field-work';
import { idParamsSchema } from '../../lib/params';
import { parseOrThrow, schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../storage/uploads';
import type { Deps } from '../deps';
import {
  createLoanAgreement,
  loanFileFieldNames,
  loanFilesOfBorrower,
  uploadLoanFiles,
} from './service';

const uploadDescription =
  'Multipart fields: description (required), borrowerId, loanAgreement (optional: the id of an agreement from POST /loan-agreement/for-loan; without it a new agreement is created). Files (JPEG, PNG, WebP or PDF, checked by content): loanAgreementfilesorImage and otherImage, each optional but at least one. A bad file refuses the whole upload and nothing is stored.';

export async function loanFileRoutes(app: FastifyInstance, deps: Deps) {
  const { db, storage } = deps;
  const agent = app.requireRole('agent');

  app.post<{ Body: v.InferOutput<typeof loanAgreementForLoanSchema> }>(
    '/loan-agreement/for-loan',
    {
      onRequest: agent,
      schema: {
        tags: ['loan-files'],
        summary: "Open a loan agreement (a folder for a loan's files) for a borrower",
        body: schemaOf(loanAgreementForLoanSchema),
      },
    },
    async (request, reply) => {
      const agreement = await createLoanAgreement(
        db,
        currentUser(request),
        request.body.borrowerId,
      );
      return reply
        .code(201)
        .send({ id: agreement.id, message: fieldWorkText.agreementCreated, data: agreement });
    },
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
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        maxFileBytes: deps.config.uploadMaxBytes,
        fileFields: loanFileFieldNames,
      });
      const input = parseOrThrow(loanFileUploadSchema, form.fields);
      const data = await uploadLoanFiles(db, storage, currentUser(request), input, form.files);
      return reply.code(201).send({ message: fieldWorkText.filesUploaded, data });
    },
  );

  app.get<{ Params: { borrowerId: number } }>(
    '/loan-agreement/borrower/:borrowerId',
    {
      onRequest: app.requireRole('agent', 'lender'),
      schema: {
        tags: ['loan-files'],
        summary: "A borrower's loan agreements with their files, newest first",
        description:
          'Each file carries its storageKey, to be opened through GET /auth/lender/presigned-url (bucket mkopo-documents, fileName = storageKey).',
        params: idParamsSchema('borrowerId'),
      },
    },
    async (request) => loanFilesOfBorrower(db, currentUser(request), request.params.borrowerId),
  );
}
