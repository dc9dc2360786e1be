/**
 * The routes of a business's named records (areas, repayment cycles): the lender creates
 * one for one of its businesses,
 * and whoever may see the business lists them. Each module passes its schemas, texts and
 * SQL; the routes are typed from those concrete schemas (`Input`, `Row` are what they
 * parse to), so the handlers check against them as a hand-written module's would.
 */
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client';
import type { RouteKey } from '../../../src/domain/routes';
import { pathOf, tableMark } from '../../lib/contract';
import { idParamsSchema } from '../../lib/params';
import { responseOf, schemaOf, type Wire } from '../../lib/validation';
import { currentUser, type AuthUser } from '../../plugins/auth';
import { respondOnce } from '../../plugins/idempotency';
import { businessFor } from '../businesses/access';
import type { RoutesPlugin } from '../deps';

/**
 * The body a handler gets for a schema that parses to T: Fastify's own `UndefinedToUnknown<T>`
 * (fastify/types/type-provider.d.ts), which stays unresolved while T is this factory's type
 * parameter. Being the same conditional, TypeScript relates the two without a cast; at a
 * module's call T is its schema's output and `Body<T>` is T, so the module's `insert` is
 * checked against its own schema. (Hence `insert` reads `lenderBusinessId` itself: here the
 * body has no known fields.)
 */
type Body<T> = [T] extends [undefined] ? unknown : T;

export type BusinessRecords<Input extends { lenderBusinessId: number }, Row> = {
  /** The OpenAPI tag of every route. */
  tag: string;
  create: {
    /** Its route in the route table (src/domain/routes.ts), whose schemas follow. */
    key: RouteKey;
    /** What the lender sends to create one (`lenderBusinessId` names the business). */
    body: v.GenericSchema<unknown, Input>;
    /** The 201 answer: a message and the record created. */
    view: v.GenericSchema<unknown, { message: string; data: Row }>;
    summary: string;
    /** The message of the 201 answer. */
    created: string;
    /** Inserts the record into the business (409 when the name is taken). */
    insert: (tx: Tx, user: AuthUser, input: Body<Input>) => Promise<Wire<Row>>;
  };
  /** The list routes (the API keeps several URLs for one list), each `…/:businessId`. */
  lists: readonly { key: RouteKey; view: v.GenericSchema<unknown, Row[]>; summary: string }[];
  /** A business's records, in the order the list answers. */
  ofBusiness: (db: Db, lenderBusinessId: number) => Promise<Wire<Row>[]>;
};

export function businessRecordRoutes<Input extends { lenderBusinessId: number }, Row>(
  records: BusinessRecords<Input, Row>,
): RoutesPlugin {
  const { tag, create } = records;
  return async (app, { db }) => {
    app.post(
      pathOf(create.key),
      {
        onRequest: app.requireRole('lender'),
        schema: {
          ...tableMark(create.key),
          tags: [tag],
          summary: create.summary,
          body: schemaOf(create.body),
          response: { 201: responseOf(create.view) },
        },
      },
      async (request, reply) =>
        respondOnce(db, request, reply, async (tx) => {
          const data = await create.insert(tx, currentUser(request), request.body);
          return { status: 201, body: { message: create.created, data } };
        }),
    );

    for (const { key, view, summary } of records.lists) {
      app.get(
        pathOf(key),
        {
          onRequest: app.requireRole('lender', 'agent', 'admin', 'super_admin'),
          schema: {
            ...tableMark(key),
            tags: [tag],
            summary,
            params: idParamsSchema('businessId'),
            response: { 200: responseOf(view) },
          },
        },
        async (request) => {
          const business = await businessFor(db, currentUser(request), request.params.businessId);
          return records.ofBusiness(db, business.id);
        },
      );
    }
  };
}
