/** Lender businesses: registration, the selector's lists, counts. */
import { businessRegistrationSchema } from '../../../src/domain/setup';
import { toCents } from '../../../src/domain/money';
import { adminRoles } from '../../../src/domain/roles';
import { lendersText } from '../../../src/i18n/lenders';
import { setupText } from '../../../src/i18n/setup';
import { badRequest, notFound, writtenRow } from '../../lib/http-error';
import { multipartBody } from '../../lib/openapi';
import { idParamsSchema } from '../../lib/params';
import { parseOrThrow } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import { readMultipart, writeWithFiles } from '../../storage/uploads';
import { runIdempotent } from '../../plugins/idempotency';
import { recordDocument } from '../documents/service';
import {
  businessCounts,
  businessesOfAgent,
  businessesOfLender,
  businessTypeExists,
  businessView,
  createBusiness,
} from './service';
import { contract } from '../../lib/contract';

const documentFields = ['businessLicenseUrl', 'registrationCertificateUrl'] as const;

export const businessRoutes: RoutesPlugin = async (app, options) => {
  const { db, storage } = options;
  const lenderOnly = app.requireRole('lender');

  app.get(
    '/lender-business/count',
    {
      onRequest: app.requireRole(...adminRoles),
      schema: {
        tags: ['businesses'],
        summary: 'Business totals per status',
        ...contract('GET /lender-business/count'),
      },
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
        body: multipartBody([businessRegistrationSchema], { required: documentFields }),
        ...contract('POST /lender-business/register'),
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
      if (!(await businessTypeExists(db, input.lenderBusinessTypeId)))
        throw badRequest(setupText.businessTypeRequired);

      const outcome = await writeWithFiles(
        storage,
        `businesses/${user.id}`,
        [licence, certificate],
        (keys) =>
          runIdempotent(db, request, reply, async (tx) => {
            const ids: number[] = [];
            for (const [kind, file] of [
              ['businessLicenseUrl', licence],
              ['registrationCertificateUrl', certificate],
            ] as const) {
              ids.push(
                await recordDocument(tx, { ownerUserId: user.id, kind }, file, keys.get(file)!),
              );
            }
            const id = await createBusiness(tx, {
              lenderId: user.id,
              lenderBusinessTypeId: input.lenderBusinessTypeId,
              businessName: input.businessName,
              paybillNumber: input.paybillNumber,
              defaultLoanLimit: toCents(input.defaultLoanLimit),
              businessLicenseId: ids[0]!,
              registrationCertificateId: ids[1]!,
            });
            const data = writtenRow(await businessView(tx, id), 'The business');
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
      schema: {
        tags: ['businesses'],
        summary: "The signed-in lender's businesses",
        ...contract('GET /lender-business/lender'),
      },
    },
    async (request) => businessesOfLender(db, currentUser(request).id),
  );

  app.get(
    '/lender-business/from-auth-lender/:lenderId',
    {
      onRequest: app.requireRole('lender', ...adminRoles),
      schema: {
        tags: ['businesses'],
        summary: "A lender's businesses",
        params: idParamsSchema('lenderId'),
        ...contract('GET /lender-business/from-auth-lender/:lenderId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Another lender's id is not probed: it is "not found", as every foreign id (docs/architecture.md §3).
      if (user.role === 'lender' && user.id !== request.params.lenderId)
        throw notFound(lendersText.lenderNotFound);
      return businessesOfLender(db, request.params.lenderId);
    },
  );

  app.get(
    '/lender-business/agent',
    {
      onRequest: app.requireRole('agent'),
      schema: {
        tags: ['businesses'],
        summary: "The signed-in agent's businesses",
        ...contract('GET /lender-business/agent'),
      },
    },
    async (request) => businessesOfAgent(db, currentUser(request).id),
  );

  app.get(
    '/lender-business/one/from-auth-agent/:agentId',
    {
      onRequest: app.requireRole('agent', 'lender', ...adminRoles),
      schema: {
        tags: ['businesses'],
        summary: "An agent's (first) business",
        params: idParamsSchema('agentId'),
        ...contract('GET /lender-business/one/from-auth-agent/:agentId'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const businesses = await businessesOfAgent(db, request.params.agentId);
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
};
