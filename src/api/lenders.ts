/**
 * The lenders, which the administrators' screens list and filter by (docs/architecture.md
 * §2): one fetcher, typed by the answer's schema.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Lender, LenderBusiness } from '../domain/lender-profile';
import { http } from './client';

export type { Lender, LenderBusiness };

/**
 * GET /auth/lender/all: every lender with its region,
 * identity documents and businesses.
 */
export function getLenders(): Promise<Lender[]> {
  return http.get('/auth/lender/all');
}

export const lendersQuery = () => queryOptions({ queryKey: ['lenders'], queryFn: getLenders });
