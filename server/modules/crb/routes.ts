/**
 * Credit bureau submissions (docs/crb.md): a lender generates a month's files for one of its
 * businesses, reads the errors, downloads each file and marks the version submitted;
 * administrators do the same for any business. Agents get 403; another lender's business or
 * version answers 404, so ids cannot be probed.
 */
import * as v from 'valibot';
import { answerWith } from '../../../src/domain/answers';
import {
  crbFileKinds,
  crbMonthPattern,
  crbSubmissionsView,
  crbSubmissionView,
} from '../../../src/domain/crb';
import { adminRoles } from '../../../src/domain/roles';
import { crbText } from '../../../src/i18n/crb';
import { idParamsSchema, positiveId } from '../../lib/params';
import { responseOf, schemaOf } from '../../lib/validation';
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

const month = v.pipe(v.string(crbText.monthFormat), v.regex(crbMonthPattern, crbText.monthFormat));

const generateSchema = v.object({
  lenderBusinessId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  month,
});

const listQuerySchema = v.object({
  lenderBusinessId: positiveId,
  month: v.optional(month),
});

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
        body: schemaOf(generateSchema),
        response: { 201: responseOf(answerWith(crbSubmissionView)) },
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
        querystring: schemaOf(listQuerySchema),
        response: { 200: responseOf(crbSubmissionsView) },
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
        response: { 200: responseOf(crbSubmissionView) },
      },
    },
    async (request) => getSubmission(db, currentUser(request), request.params.id),
  );

  app.get(
    '/crb/submissions/:id/files/:kind',
    {
      onRequest: owners,
      schema: {
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
        response: { 200: responseOf(answerWith(crbSubmissionView)) },
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
