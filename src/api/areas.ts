/**
 * A business's areas, which the areas page lists and the agent and borrower forms choose
 * from (docs/architecture.md §1): the one fetcher, typed by the answer's schema. It reads
 * GET /lender-business/areas/{businessId}, the twin agents may read and have mirrored
 * offline (GET /lender-business-area/{businessId} answers the same).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Area } from '../domain/setup';
import { http } from './client';

export type { Area };

export function getBusinessAreas(businessId: number): Promise<Area[]> {
  return http.get('/lender-business/areas/:businessId', { params: { businessId } });
}

export const areasQuery = (businessId: number) =>
  queryOptions({ queryKey: ['areas', businessId], queryFn: () => getBusinessAreas(businessId) });
