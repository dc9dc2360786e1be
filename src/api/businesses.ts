/**
 * The lender's businesses, which several screens choose from (docs/architecture.md §1):
 * the one fetcher of GET /lender-business/lender, typed by the answer's schema.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LenderBusiness } from '../domain/setup';
import { http } from './client';

export type { LenderBusiness };

/** GET /lender-business/lender: the signed-in lender's businesses. */
export function getLenderBusinesses(): Promise<LenderBusiness[]> {
  return http.get('/lender-business/lender');
}

/** GET /lender-business/agent: the businesses the signed-in agent works for. */
export function getAgentBusinesses(): Promise<LenderBusiness[]> {
  return http.get('/lender-business/agent');
}

/** The signed-in lender's or agent's businesses. */
export const myBusinessesQuery = (role: 'lender' | 'agent') =>
  queryOptions({
    queryKey: ['businesses', role],
    queryFn: role === 'lender' ? getLenderBusinesses : getAgentBusinesses,
  });
