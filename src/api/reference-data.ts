/**
 * Reads every feature shares (docs/architecture.md §1): the regions and the business
 * types. One fetcher per endpoint, typed by the answer's schema in src/domain.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BusinessType, Region } from '../domain/reference-data';
import { http } from './client';

/** GET /region: every region, by name. */
export function getRegions(): Promise<Region[]> {
  return http.get('/region');
}

/**
 * GET /lenderbusinesstype: every business type, by name;
 * the one of kind "individual" stands for a lender without a business (the lender profile
 * wizard offers it).
 */
export function getBusinessTypes(): Promise<BusinessType[]> {
  return http.get('/lenderbusinesstype');
}

export const regionsQuery = () => queryOptions({ queryKey: ['regions'], queryFn: getRegions });

export const businessTypesQuery = () =>
  queryOptions({ queryKey: ['business-types'], queryFn: getBusinessTypes });
