/** Borrowers API. */
import type { FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { borrowerConsentSchema, borrowerSchema } from '../../../src/domain/borrowers';
import type { listPageQuerySchema } from '../../../src/domain/fields';
import { adminRoles } from '../../../src/domain/roles';
import { borrowersText } from '../../../src/i18n/borrowers';
import { idParamsSchema } from '../../lib/params';
import { multipartBody } from '../../lib/openapi';
import { parseOrThrow } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { readMultipart, writeWithFiles } from '../../storage/uploads';
import { runIdempotent } from '../../plugins/idempotency';
import { businessFor, onlyOwnWorkOfAgent } from '../businesses/access';
import type { RoutesPlugin } from '../deps';
import { eraseBorrower, exportBorrower } from './data-rights';
import {
  borrowerById,
  borrowerCounts,
  borrowerFileFields,
  borrowerFor,
  borrowersOfBusiness,
  borrowerWithLoans,
  businessBorrowerCounts,
  checkBorrowerFiles,
  saveBorrower,
} from './service';
import { contract } from '../../lib/contract';

const fieldsDescription =
  'Multipart fields: firstName, lastName, phoneNumber (Kenyan; stored as 2547…/2541…), alternativePhoneNumber, referringBorrowerId, lenderBusinessId, lenderBusinessAreaId, gender (male|female|other), dob (YYYY-MM-DD), nextOfKinName, nextOfKinNumber, nextOfKinRelation, idNumber, language (en|sw, of the SMS notices; optional). Files (JPEG, PNG, WebP or PDF): passportPhoto, or idFront and idBack. On register also the borrower\'s consent: consent ("true"), consentVersion (the current version of the consent text) and consentAt (ISO time the borrower agreed; not in the future; default now).';

export const borrowerRoutes: RoutesPlugin = async (app, deps) => {
  const { db, storage } = deps;
  const field = app.requireRole('agent', 'lender');
  const readers = app.requireRole('agent', 'lender', ...adminRoles);

  app.post(
    '/borrower/register',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: 'Register a borrower (multipart)',
        description: fieldsDescription,
        consumes: ['multipart/form-data'],
        body: multipartBody([borrowerSchema, borrowerConsentSchema], {
          optional: borrowerFileFields,
        }),
        ...contract('POST /borrower/register'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readMultipart(request, {
        maxFileBytes: deps.config.uploadMaxBytes,
        fileFields: borrowerFileFields,
      });
      const data = parseOrThrow(borrowerSchema, form.fields);
      const consent = parseOrThrow(borrowerConsentSchema, form.fields);
      checkBorrowerFiles(form.files, true);
      const outcome = await writeWithFiles(
        storage,
        `borrowers/${data.lenderBusinessId}`,
        [...form.files.values()],
        (keys) =>
          runIdempotent(db, request, reply, async (tx) => {
            const id = await saveBorrower(tx, user, data, form.files, keys, undefined, consent);
            const borrower = await borrowerById(tx, id);
            return { status: 201, body: { message: borrowersText.registered, data: borrower } };
          }),
      );
      return outcome.send(reply);
    },
  );

  app.put(
    '/borrower/:id',
    {
      onRequest: field,
      schema: {
        tags: ['borrowers'],
        summary: 'Edit a borrower (multipart; files optional)',
        description: fieldsDescription,
        params: idParamsSchema('id'),
        consumes: ['multipart/form-data'],
        body: multipartBody([borrowerSchema], { optional: borrowerFileFields }),
        ...contract('PUT /borrower/:id'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const existing = await borrowerFor(db, user, request.params.id);
      const form = await readMultipart(request, {
        maxFileBytes: deps.config.uploadMaxBytes,
        fileFields: borrowerFileFields,
      });
      const data = parseOrThrow(borrowerSchema, form.fields);
      checkBorrowerFiles(form.files, false);
      const outcome = await writeWithFiles(
        storage,
        `borrowers/${existing.lenderBusinessId}`,
        [...form.files.values()],
        (keys) =>
          runIdempotent(db, request, reply, async (tx) => {
            // A borrower stays in its business.
            await saveBorrower(
              tx,
              user,
              { ...data, lenderBusinessId: existing.lenderBusinessId },
              form.files,
              keys,
              existing.id,
            );
            const borrower = await borrowerById(tx, existing.id);
            return { body: { message: borrowersText.updated, data: borrower } };
          }),
      );
      return outcome.send(reply);
    },
  );

  app.get(
    '/borrower/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['borrowers'],
        summary: 'Borrower totals per status',
        ...contract('GET /borrower/count'),
      },
    },
    async () => borrowerCounts(db, undefined),
  );

  app.get(
    '/borrower/data/:id',
    {
      // The business's totals are for its lender's dashboard; an agent counts its own.
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['borrowers'],
        summary: "A business's borrower totals per status",
        params: idParamsSchema('id'),
        ...contract('GET /borrower/data/:id'),
      },
    },
    async (request) => {
      const business = await businessFor(db, currentUser(request), request.params.id);
      return businessBorrowerCounts(db, business.id);
    },
  );

  app.get(
    '/borrower/count-by-agent/:lenderBusinessId/:agentId',
    {
      onRequest: readers,
      schema: {
        tags: ['borrowers'],
        summary: 'Borrowers an agent registered in a business, per status',
        params: idParamsSchema('lenderBusinessId', 'agentId'),
        ...contract('GET /borrower/count-by-agent/:lenderBusinessId/:agentId'),
      },
    },
    async (request) => {
      onlyOwnWorkOfAgent(currentUser(request), request.params.agentId);
      const business = await businessFor(db, currentUser(request), request.params.lenderBusinessId);
      return businessBorrowerCounts(db, business.id, request.params.agentId);
    },
  );

  const pagingDescription =
    'Without `page`: every borrower, by name. With `page` (and `limit`, 50 by default): that page only, the total in the X-Total-Count header.';
  const listOfBusiness = async (
    user: ReturnType<typeof currentUser>,
    businessId: number,
    paging: v.InferOutput<typeof listPageQuerySchema>,
    reply: FastifyReply,
  ) => {
    const business = await businessFor(db, user, businessId);
    const { borrowers, total } = await borrowersOfBusiness(db, business.id, paging);
    if (total !== null) void reply.header('X-Total-Count', String(total));
    return borrowers;
  };

  app.get(
    '/borrower/all/:userId/:businessId',
    {
      config: { answerCache: true },
      onRequest: readers,
      schema: {
        tags: ['borrowers'],
        summary: "A business's borrowers",
        description: `The borrowers of the business (agents of one business share its borrowers); userId is accepted for the client contract. ${pagingDescription}`,
        params: idParamsSchema('userId', 'businessId'),
        ...contract('GET /borrower/all/:userId/:businessId'),
      },
    },
    async (request, reply) =>
      listOfBusiness(currentUser(request), request.params.businessId, request.query, reply),
  );

  app.get(
    '/borrower/by-business/:businessId',
    {
      config: { answerCache: true },
      onRequest: readers,
      schema: {
        tags: ['borrowers'],
        summary: "A business's borrowers (referrer choices)",
        description: pagingDescription,
        params: idParamsSchema('businessId'),
        ...contract('GET /borrower/by-business/:businessId'),
      },
    },
    async (request, reply) =>
      listOfBusiness(currentUser(request), request.params.businessId, request.query, reply),
  );

  app.get(
    '/borrower/:id',
    {
      config: { answerCache: true },
      onRequest: readers,
      schema: {
        tags: ['borrowers'],
        summary: 'A borrower with its loans',
        params: idParamsSchema('id'),
        ...contract('GET /borrower/:id'),
      },
    },
    async (request) => {
      const row = await borrowerFor(db, currentUser(request), request.params.id);
      return borrowerWithLoans(db, row.id);
    },
  );

  // A borrower's data rights (Data Protection Act 2019): the lender answers for them.
  const lender = app.requireRole('lender');

  app.get(
    '/borrower/:id/export',
    {
      onRequest: lender,
      schema: {
        ...contract('GET /borrower/:id/export'),
        tags: ['borrowers'],
        summary: 'Everything held about a borrower, as one ZIP',
        description:
          'borrower.json (the record and its consent, loans with instalments, payments, fines, refunds, write-offs and the M-Pesa payments, follow-ups, SMS messages) and the documents under documents/. Lender of the business only; others get 404.',
        params: idParamsSchema('id'),
        response: {
          200: {
            description: 'The ZIP of borrower.json and the documents',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const row = await borrowerFor(db, currentUser(request), request.params.id);
      const zip = await exportBorrower(db, storage, row);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="borrower-${row.id}.zip"`)
        .send(Buffer.from(zip));
    },
  );

  app.post(
    '/borrower/:id/erase',
    {
      onRequest: lender,
      schema: {
        tags: ['borrowers'],
        summary: "Erase a borrower's personal data",
        description:
          "For a borrower with no open loan (pending, disbursing, active or in default) and no payment in flight: the name, numbers, date of birth, next of kin and ID number are replaced by placeholders, the documents are deleted, and the loans' money records are kept with the person's fields blanked. Audit-logged. 409 while a loan is open.",
        params: idParamsSchema('id'),
        ...contract('POST /borrower/:id/erase'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await borrowerFor(db, user, request.params.id);
      const outcome = await runIdempotent(db, request, reply, async (tx) => ({
        body: { message: borrowersText.erased },
        value: await eraseBorrower(tx, user.id, row),
      }));
      // The files go once the erasure is committed; a file left by a crash here is an
      // orphan no record points to any more.
      for (const key of outcome.value ?? []) {
        await storage.remove(key).catch((error: unknown) => {
          request.log.warn({ err: error }, 'an erased document could not be removed');
        });
      }
      return outcome.send(reply);
    },
  );
};
