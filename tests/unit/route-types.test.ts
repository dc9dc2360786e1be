/**
 * The client's `http` is typed by the route table (src/domain/routes.ts): a call names
 * the table's path, fills its parameters, and gets the view the operation answers. The
 * `@ts-expect-error` lines are checked by `npm run typecheck` (tsconfig.json includes
 * tests/unit): each must stay an error, so a fetcher that names the wrong view, a path the
 * table does not have, a missing or misnamed parameter, a body or a query the route does not
 * take does not compile.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { http, pathWith } from '../../src/api/client';
import type { BorrowerWithLoans } from '../../src/domain/borrowers';
import type { Loan } from '../../src/domain/loans';
import type { RouteKey, ViewOf } from '../../src/domain/routes';
import type { getBorrower } from '../../src/features/borrowers/api/get-borrower';
import type { applyForLoan } from '../../src/features/loans/api/apply-for-loan';

/** Never called: only compiled. */
export function wrongCalls() {
  return [
    // A fetcher that names the wrong view: GET /borrower/:id answers a borrower with its loans.
    // @ts-expect-error the view of the route is not a list of loans
    (id: number): Promise<Loan[]> => http.get('/borrower/:id', { params: { id } }),
    // @ts-expect-error a path the table does not have
    () => http.get('/borrower/nobody'),
    // @ts-expect-error the path's parameter is missing
    () => http.get('/borrower/:id'),
    // @ts-expect-error a parameter the path does not have
    () => http.get('/borrower/:id', { params: { borrowerId: 1 } }),
    // @ts-expect-error a path of another method: there is no POST /borrower/:id
    () => http.post('/borrower/:id', { params: { id: 1 } }),
    // @ts-expect-error a body the route does not take
    () => http.post('/loan/apply', { body: { borrower: 'someone' } }),
    // @ts-expect-error a query field the route does not read
    () => http.get('/admin/messages', { query: { pageNumber: 1 } }),
    // @ts-expect-error a JSON body where the route takes multipart/form-data
    () => http.postForm('/borrower/register', { body: { firstName: 'Amina' } }),
  ];
}

describe('the route table types the client', () => {
  it('answers each fetcher with the view of its route', () => {
    expectTypeOf<Awaited<ReturnType<typeof getBorrower>>>().toEqualTypeOf<BorrowerWithLoans>();
    expectTypeOf<Awaited<ReturnType<typeof getBorrower>>>().toEqualTypeOf<
      ViewOf<'GET /borrower/:id'>
    >();
    expectTypeOf<Awaited<ReturnType<typeof applyForLoan>>>().toEqualTypeOf<
      ViewOf<'POST /loan/apply'>
    >();
    expectTypeOf<'GET /borrower/:id'>().toMatchTypeOf<RouteKey>();
    expect(wrongCalls()).toHaveLength(8);
  });

  it('writes the parameters into the path', () => {
    expect(pathWith('/borrower/all/:userId/:businessId', { userId: 3, businessId: 12 })).toBe(
      '/borrower/all/3/12',
    );
    expect(pathWith('/loan/:id/statement.pdf', { id: 7 })).toBe('/loan/7/statement.pdf');
    expect(pathWith('/auth/:role/login', { role: 'agent' })).toBe('/auth/agent/login');
    expect(pathWith('/borrower/count')).toBe('/borrower/count');
    // A value is one path segment, whatever it holds.
    expect(pathWith('/complaint/:id', { id: '1/../2' })).toBe('/complaint/1%2F..%2F2');
  });
});
