/** Lender onboarding and the administrators' lender screens. */
import { lenderProfileSchema } from '../../../src/domain/lender-profile';
import { adminRoles } from '../../../src/domain/roles';
import { lendersText } from '../../../src/i18n/lenders';
import { notFound } from '../../lib/http-error';
import { multipartBody } from '../../lib/openapi';
import { idParamsSchema } from '../../lib/params';
import { parseOrThrow } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import type { RoutesPlugin } from '../deps';
import { readMultipart, writeWithFiles } from '../../storage/uploads';
import { respondOnce, runIdempotent } from '../../plugins/idempotency';
import { renewSession } from '../auth/sessions';
import { findLender, findLenders, findPendingLenders } from './queries';
import {
  decideLender,
  profileUploads,
  lenderCounts,
  profileFileFields,
  submitProfile,
  type LenderAction,
} from './service';
import { contract, pathOf } from '../../lib/contract';

const idParams = idParamsSchema('id');

type LenderDecisionKey =
  | 'PATCH /admin/lender/approve/:id'
  | 'PATCH /admin/lender/activate/:id'
  | 'PATCH /admin/lender/reject/:id'
  | 'PATCH /admin/lender/:id/block'
  | 'PATCH /admin/lender/:id/suspend';

export const lenderRoutes: RoutesPlugin = async (app, options) => {
  const { db } = options;
  const admins = app.requireRole(...adminRoles);

  app.patch(
    '/auth/lender/profile',
    {
      onRequest: app.requireRoleOnboarding('lender'),
      schema: {
        tags: ['lenders'],
        summary: 'Submit the lender profile (multipart): New → Pending, creates the first business',
        description:
          'Fields: firstName, lastName, phoneNumber, gender, lenderRegionId, idNumber, hasNoBusiness, businessType (id), businessName, paybillNumber, defaultLoanLimit. Files (JPEG, PNG, WebP or PDF): passportPhoto, or idFront and idBack; businessLicenseUrl and registrationCertificateUrl for business operators. Answers a new token with status Pending.',
        consumes: ['multipart/form-data'],
        body: multipartBody([lenderProfileSchema], { optional: profileFileFields }),
        ...contract('PATCH /auth/lender/profile'),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readMultipart(request, {
        maxFileBytes: options.config.uploadMaxBytes,
        fileFields: profileFileFields,
      });
      const profile = parseOrThrow(lenderProfileSchema, form.fields);
      const uploads = await profileUploads(db, profile, form.files);
      const outcome = await writeWithFiles(options.storage, `lenders/${user.id}`, uploads, (keys) =>
        runIdempotent(db, request, reply, async (tx) => {
          const updated = await submitProfile(tx, user.id, profile, form.files, keys);
          // The same session goes on with the new status (logging out ends both tokens).
          const accessToken = await renewSession(tx, options.tokens, updated, user.sessionId);
          return { body: { token: { accessToken } } };
        }),
      );
      return outcome.send(reply);
    },
  );

  app.get(
    '/auth/lender/all',
    {
      onRequest: admins,
      schema: {
        tags: ['lenders'],
        summary: 'Every lender with its businesses',
        ...contract('GET /auth/lender/all'),
      },
    },
    async () => findLenders(db, undefined),
  );

  app.get(
    '/admin/lenders/pending',
    {
      onRequest: admins,
      schema: {
        tags: ['lenders'],
        summary: 'Lenders waiting for review',
        ...contract('GET /admin/lenders/pending'),
      },
    },
    async () => findPendingLenders(db),
  );

  app.get(
    '/auth/lender/count',
    {
      onRequest: admins,
      schema: {
        tags: ['lenders'],
        summary: 'Lender totals per status',
        ...contract('GET /auth/lender/count'),
      },
    },
    async () => lenderCounts(db),
  );

  app.get(
    '/auth/lender/lender-and-businesses/:id',
    {
      onRequest: app.requireRoleOnboarding('lender', ...adminRoles),
      schema: {
        tags: ['lenders'],
        summary: 'One lender with its businesses',
        params: idParams,
        ...contract('GET /auth/lender/lender-and-businesses/:id'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'lender' && user.id !== request.params.id)
        throw notFound(lendersText.lenderNotFound);
      const lender = await findLender(db, request.params.id);
      if (!lender) throw notFound(lendersText.lenderNotFound);
      return lender;
    },
  );

  app.get(
    '/auth/lender/get/:id',
    {
      onRequest: app.requireRoleOnboarding('lender', 'agent', ...adminRoles),
      schema: {
        tags: ['lenders'],
        summary: "A lender's names (by user id)",
        params: idParams,
        ...contract('GET /auth/lender/get/:id'),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role !== 'admin' && user.role !== 'super_admin' && user.id !== request.params.id) {
        throw notFound(lendersText.lenderNotFound);
      }
      const lender = await findLender(db, request.params.id);
      if (!lender) throw notFound(lendersText.lenderNotFound);
      return {
        id: lender.id,
        firstName: lender.firstName,
        lastName: lender.lastName,
        email: lender.email,
      };
    },
  );

  const decide = (action: LenderAction, key: LenderDecisionKey, summary: string) =>
    app.patch(
      pathOf(key),
      {
        onRequest: admins,
        schema: {
          tags: ['lenders'],
          summary,
          description:
            'Used by the approval table and the Lenders Dashboard. Allowed from: ' +
            (
              {
                approve: 'Pending, Rejected',
                reject: 'Pending',
                block: 'Active, Suspended, Pending',
                suspend: 'Active',
                activate: 'Blocked, Suspended',
              } as const
            )[action] +
            '. Answers { message }; a refused transition answers 409.',
          ...contract(key),
          params: idParams,
        },
      },
      async (request, reply) => {
        const reason =
          typeof request.body?.reason === 'string' ? request.body.reason.slice(0, 1000) : undefined;
        return respondOnce(db, request, reply, async (tx) => ({
          body: {
            message: await decideLender(tx, {
              actorUserId: currentUser(request).id,
              lenderId: request.params.id,
              action,
              ...(reason ? { reason } : {}),
            }),
          },
        }));
      },
    );
  decide(
    'approve',
    'PATCH /admin/lender/approve/:id',
    'Approve a lender (Active); its new businesses become active',
  );
  decide('activate', 'PATCH /admin/lender/activate/:id', 'Activate a blocked or suspended lender');
  decide(
    'reject',
    'PATCH /admin/lender/reject/:id',
    'Reject a pending lender, with an optional reason { reason }',
  );
  decide(
    'block',
    'PATCH /admin/lender/:id/block',
    'Block a lender: its tokens stop working at once',
  );
  decide(
    'suspend',
    'PATCH /admin/lender/:id/suspend',
    'Suspend a lender: its tokens stop working at once',
  );
};
