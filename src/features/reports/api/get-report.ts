/**
 * GET /report/{path}?page&limit, the admin's reports: one page of a report as
 * { data, total } (docs/architecture.md §3).
 */
import { useWrite, type MutationOptions } from '../../../api/mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { PathOf, ViewOf } from '../../../domain/routes';

/** The API's largest page: what the CSV export asks for. */
export const MAX_REPORT_LIMIT = 100;

/** The name of a report in its path: `GET /report/{name}` in the route table. */
export type ReportApiPath =
  PathOf<'GET'> extends infer P ? (P extends `/report/${infer Name}` ? Name : never) : never;

/** One page of any report: its rows and the total. */
export type ReportAnswer = ViewOf<`GET /report/${ReportApiPath}`>;
export type ReportRow = ReportAnswer['data'][number];

export function getReport(
  apiPath: ReportApiPath,
  page: number,
  limit: number,
): Promise<ReportAnswer> {
  return http.get(`/report/${apiPath}`, { query: { page, limit } });
}

/** Every row of a report, a hundred at a time (for the CSV export). */
export async function getWholeReport(apiPath: ReportApiPath): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getReport(apiPath, page, MAX_REPORT_LIMIT);
    rows.push(...answer.data);
    if (answer.data.length < MAX_REPORT_LIMIT || rows.length >= answer.total) return rows;
  }
}

/** One page of a report; each page is its own entry. */
export function reportQuery(apiPath: ReportApiPath, page: number, limit: number) {
  return queryOptions({
    queryKey: ['reports', apiPath, { page, limit }],
    queryFn: () => getReport(apiPath, page, limit),
  });
}

/**
 * Fetches every row of a report and hands them to `save` (the CSV export), as a mutation
 * the user starts; nothing on screen changes.
 */
export function useExportWholeReport(
  apiPath: ReportApiPath,
  save: (rows: unknown[]) => void,
  options?: MutationOptions<void>,
) {
  return useWrite({ mutationFn: async () => save(await getWholeReport(apiPath)) }, options);
}
