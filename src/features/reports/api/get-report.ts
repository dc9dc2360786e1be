/**
 * GET /report/{path}?page&limit (the spec's "Admin"): one page of a report as
 * { data, total } (docs/architecture.md §3).
 */
import { useWrite, type MutationOptions } from '../../../api/mutations';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import type { ReportPage } from '../../../domain/reports';

/** The API's largest page: what the CSV export asks for. */
export const MAX_REPORT_LIMIT = 100;

export function getReport<Row>(
  apiPath: string,
  page: number,
  limit: number,
): Promise<ReportPage<Row>> {
  return http.get<ReportPage<Row>>(`/report/${apiPath}`, { page, limit });
}

/** Every row of a report, a hundred at a time (for the CSV export). */
export async function getWholeReport<Row>(apiPath: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getReport<Row>(apiPath, page, MAX_REPORT_LIMIT);
    rows.push(...answer.data);
    if (answer.data.length < MAX_REPORT_LIMIT || rows.length >= answer.total) return rows;
  }
}

/** One page of a report; each page is its own entry. */
export function reportQuery<Row>(apiPath: string, page: number, limit: number) {
  return queryOptions({
    queryKey: ['reports', apiPath, { page, limit }],
    queryFn: () => getReport<Row>(apiPath, page, limit),
  });
}

/**
 * Fetches every row of a report and hands them to `save` (the CSV export), as a mutation
 * the user starts; nothing on screen changes.
 */
export function useExportWholeReport<Row>(
  apiPath: string,
  save: (rows: Row[]) => void,
  options?: MutationOptions<void>,
) {
  return useWrite({ mutationFn: async () => save(await getWholeReport<Row>(apiPath)) }, options);
}
