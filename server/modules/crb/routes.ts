/**
 * Credit bureau submissions (docs/crb.md): a lender generates a month's files for one of its
 * businesses, reads the errors, downloads each file and marks the version submitted;
 * administrators do the same for any business. Agents get 403; another lender's business or
 * version answers 404, so ids cannot be probed.
 */
import * as v from 'valibot';
import { crbFileKinds } from '../../../src/domain/crb';
import { adminRoles } from '../../../src/domain/roles';
import { crbText } from '../../../src/i18n/crb';
import { idParamsSchema, positiveId } from '../../lib/params';
import { schemaOf } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import type { RoutesPlugin } from '../deps';
import {
  generateSubmission,
  getSubmission,
  listSubmissions,
  markSubmitted,
  submissionFile,
} from './service';
import { contract } from '../../lib/contract';

const fileParamsSchema = v.object({
  id: positiveId,
  kind: v.picklist(crbFileKinds, 'Not found.'),
});

export const crbRoutes: RoutesPlugin = async (app, deps) => {
  const { db } = deps;
  const owners = app.requireRole('lender', ...adminRoles);

  app.post(
    '/crb/submissions',
    {
      onRequest: owners,
      schema: {
        tags: ['crb'],
        summary: "Generate a month's CRB files for a business",
        description:
          "Builds the consumer and account files of the CRB Data Standards Manual for every loan of the business alive in the month (paid out by its end, still owing at its start), with every field checked; records that fail a check are left out and listed in `errors` with what to fix. The latest draft of the month is generated again in place; after a version was submitted, a new version is added. The month must have ended (Africa/Nairobi). The business's lender and admins; others get 404.",
        ...contract('POST /crb/submissions'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const data = await generateSubmission(tx, currentUser(request), request.body, deps.now());
        return {
          status: 201,
          body: { message: crbText.generated(data.month, data.version), data },
        };
      }),
  );

  app.get(
    '/crb/submissions',
    {
      onRequest: owners,
      schema: {
        tags: ['crb'],
        summary: "A business's CRB submission versions, newest first",
        description:
          'Every month, or one month with `month=YYYY-MM`, each version with its errors.',
        ...contract('GET /crb/submissions'),
      },
    },
    async (request) => listSubmissions(db, currentUser(request), request.query),
  );

  app.get(
    '/crb/submissions/:id',
    {
      onRequest: owners,
      schema: {
        tags: ['crb'],
        summary: 'One CRB submission version with its errors',
        params: idParamsSchema('id'),
        ...contract('GET /crb/submissions/:id'),
      },
    },
    async (request) => getSubmission(db, currentUser(request), request.params.id),
  );

  app.get(
    '/crb/submissions/:id/files/:kind',
    {
      onRequest: owners,
      schema: {
        ...contract('GET /crb/submissions/:id/files/:kind'),
        tags: ['crb'],
        summary: 'Download the consumer or account file of a version',
        description:
          'Pipe-delimited text, one record per line (CRLF), fields in the order of docs/crb.md, no header line.',
        params: schemaOf(fileParamsSchema),
        response: {
          200: {
            description: 'The file',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await submissionFile(
        db,
        currentUser(request),
        request.params.id,
        request.params.kind,
      );
      return reply
        .type('text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.text);
    },
  );

  app.post(
    '/crb/submissions/:id/submit',
    {
      onRequest: owners,
      schema: {
        tags: ['crb'],
        summary: 'Mark a version as submitted to the bureaus',
        description:
          'Only the latest version of its month, once: a submitted version never changes again (409), and is audit-logged with who and when.',
        params: idParamsSchema('id'),
        ...contract('POST /crb/submissions/:id/submit'),
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        const data = await markSubmitted(tx, currentUser(request), request.params.id, deps.now());
        return {
          status: 200,
          body: { message: crbText.marked(data.month, data.version), data },
        };
      }),
  );
};
