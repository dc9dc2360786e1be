/**
 * The complaints API (the README's "Complaints"): GET /complaint (the register a user may see),
 * GET /complaint/{id}, POST /complaint (sent online or from the outbox), PATCH /complaint/{id},
 * GET /admin/complaints/report and the CSV export.
 */
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import type {
  Complaint,
  ComplaintAnswer,
  ComplaintDetail,
  ComplaintReport,
  ComplaintStatus,
  ComplaintUpdate,
} from '../../../domain/complaints';

/** Where a complaint goes, online and from the outbox (docs/architecture.md §7). */
export const COMPLAINT_PATH = '/complaint';

export const complaintsQuery = (status: ComplaintStatus | null) =>
  queryOptions({
    queryKey: ['complaints', 'list', status],
    queryFn: () => http.get<Complaint[]>(status ? `/complaint?status=${status}` : '/complaint'),
  });

export const complaintQuery = (id: number) =>
  queryOptions({
    queryKey: ['complaints', 'detail', id],
    queryFn: () => http.get<ComplaintDetail>(`/complaint/${id}`),
  });

export const complaintReportQuery = () =>
  queryOptions({
    queryKey: ['complaints', 'report'],
    queryFn: () => http.get<ComplaintReport>('/admin/complaints/report'),
  });

export function updateComplaint(id: number, change: ComplaintUpdate): Promise<ComplaintAnswer> {
  return http.patch<ComplaintAnswer>(`/complaint/${id}`, change);
}

export function downloadComplaintsCsv(): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile('/admin/complaints.csv', `mkopo-complaints-${day}.csv`);
}
