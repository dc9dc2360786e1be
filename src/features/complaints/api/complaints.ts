/**
 * The complaints API (the README's "Complaints"): GET /complaint (the register a user may see),
 * GET /complaint/{id}, POST /complaint (sent online or from the outbox), PATCH /complaint/{id},
 * GET /admin/complaints/report and the CSV export.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import type { PathOf } from '../../../domain/routes';
import type { ComplaintAnswer, ComplaintStatus, ComplaintUpdate } from '../../../domain/complaints';

/** Where a complaint goes, online and from the outbox (docs/architecture.md §7). */
export const COMPLAINT_PATH = '/complaint' satisfies PathOf<'POST'>;

export const complaintsQuery = (status: ComplaintStatus | null) =>
  queryOptions({
    queryKey: ['complaints', 'list', status],
    queryFn: () => http.get('/complaint', { query: status ? { status } : undefined }),
  });

export const complaintQuery = (id: number) =>
  queryOptions({
    queryKey: ['complaints', 'detail', id],
    queryFn: () => http.get('/complaint/:id', { params: { id } }),
  });

export const complaintReportQuery = () =>
  queryOptions({
    queryKey: ['complaints', 'report'],
    queryFn: () => http.get('/admin/complaints/report'),
  });

export function updateComplaint(id: number, change: ComplaintUpdate): Promise<ComplaintAnswer> {
  return http.patch('/complaint/:id', { params: { id }, body: change });
}

export function downloadComplaintsCsv(): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile('/admin/complaints.csv', `mkopo-complaints-${day}.csv`);
}
