/** Lender businesses (the spec's "The calls it makes", "The calls it makes"): registration, the selector's lists, counts. */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businessRegistrationSchema } from '../../../src/domain/setup';
import { toCents } from '../../../src/domain/money';
import { adminRoles } from '../../../src/domain/roles';
import { lendersText } from '../../../src/i18n/lenders';
import { setupText } from '../../../src/i18n/setup';
import { agentBusinesses, documents, lenderBusinesses, lenderBusinessTypes } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { parseOrThrow } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { Deps } from '../deps';
import { readMultipart, writeWithFiles } from '../../storage/uploads';
import { runIdempotent } from '../../plugins/idempotency';
import { findBusinesses } from '../lenders/queries';
import { businessCounts, createBusiness } from './service';

const documentFields = ['businessLicenseUrl', 'registrationCertificateUrl'] as const;

export async function businessRoutes(app: FastifyInstance, options: Deps) {
  const { db, storage } = options;
  const lenderOnly = app.requireRole('lender');

  app.get(
    '/lender-business/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: { tags: ['businesses'], summary: 'Business totals per status' },
    },
    async () => businessCounts(db),
  );

  app.post(
    '/lender-business/register',
    {
      onRequest: lenderOnly,
      schema: {
        tags: ['businesses'],
        summary: 'Register another business (multipart); it starts as new',
        description:
          'Fields businessName, paybillNumber, defaultLoanLimit, lenderBusinessTypeId; files businessLicenseUrl and registrationCertificateUrl (JPEG, PNG, WebP or PDF). Answers { message, data }.',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readMultipart(request, {
        maxFileBytes: options.config.uploadMaxBytes,
        fileFields: documentFields,
      });
      const input = parseOrThrow(businessRegistrationSchema, form.fields);
      const licence = form.files.get('businessLicenseUrl');
      const certificate = form.files.get('registrationCertificateUrl');
      if (!licence) throw badRequest(setupText.licenceRequired);
      if (!certificate) throw badRequest(setupText.certificateRequired);
      const [type] = await db
        .select({ id: lenderBusinessTypes.id })
        .from(lenderBusinessTypes)
        .where(eq(lenderBusinessTypes.id, input.lenderBusinessTypeId));
      if (!type) throw badRequest(setupText.businessTypeRequired);

      const outcome = await writeWithFiles(
        storage,
        `businesses/${user.id}`,
        [licence, certificate],
        (keys) =>
          runIdempotent(db, request, async (tx) => {
            const ids: number[] = [];
            for (const [kind, file] of [
              ['businessLicenseUrl', licence],
              ['registrationCertificateUrl', certificate],
            ] as const) {
              const [doc] = await tx
                .insert(documents)
                .values({
                  ownerUserId: user.id,
                  kind,
                  storageKey: keys.get(file)!,
                  contentType: file.contentType,
                  sizeBytes: file.size,
                  sha256: file.sha256,
                  originalName: file.fileName,
                })
                .returning({ id: documents.id });
              ids.push(doc!.id);
            }
            const id = await createBusiness(tx, {
              lenderId: user.id,
              lenderBusinessTypeId: type.id,
              businessName: input.businessName,
              paybillNumber: input.paybillNumber,
              defaultLoanLimit: toCents(input.defaultLoanLimit),
              businessLicenseId: ids[0]!,
              registrationCertificateId: ids[1]!,
            });
            const [data] = await findBusinesses(tx, eq(lenderBusinesses.id, id));
            return { status: 201, body: { message: setupText.businessCreated, data } };
          }),
      );
      return outcome.send(reply);
    },
  );

  app.get(
    '/lender-business/lender',
    {
      onRequest: lenderOnly,
      schema: { tags: ['businesses'], summary: "The signed-in lender's businesses" },
    },
    async (request) => findBusinesses(db, eq(lenderBusinesses.lenderId, currentUser(request).id)),
  );

  app.get<{ Params: { lenderId: number } }>(
    '/lender-business/from-auth-lender/:lenderId',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['businesses'],
        summary: "A lender's businesses",
        params: idParamsSchema('lenderId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Another lender's id is not probed: it is "not found", as every foreign id (docs/architecture.md §3).
      if (user.role === 'lender' && user.id !== request.params.lenderId)
        throw notFound(lendersText.lenderNotFound);
      return findBusinesses(db, eq(lenderBusinesses.lenderId, request.params.lenderId));
    },
  );

  const agentBusinessIds = (agentId: number) =>
    db
      .select({ id: agentBusinesses.lenderBusinessId })
      .from(agentBusinesses)
      .where(eq(agentBusinesses.agentId, agentId));

  app.get(
    '/lender-business/agent',
    {
      onRequest: app.requireRole('agent'),
      schema: { tags: ['businesses'], summary: "The signed-in agent's businesses" },
    },
    async (request) => {
      const ids = (await agentBusinessIds(currentUser(request).id)).map((row) => row.id);
      return ids.length ? findBusinesses(db, inArray(lenderBusinesses.id, ids)) : [];
    },
  );

  app.get<{ Params: { agentId: number } }>(
    '/lender-business/one/from-auth-agent/:agentId',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['businesses'],
        summary: "An agent's (first) business",
        params: idParamsSchema('agentId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = (await agentBusinessIds(request.params.agentId)).map((row) => row.id);
      const businesses = ids.length
        ? await findBusinesses(db, inArray(lenderBusinesses.id, ids))
        : [];
      const visible = businesses.filter(
        (b) =>
          user.role === 'admin' ||
          user.role === 'super_admin' ||
          (user.role === 'agent' ? user.id === request.params.agentId : b.lenderId === user.id),
      );
      if (!visible[0]) throw notFound(setupText.businessNotFound);
      return visible[0];
    },
  );
}
