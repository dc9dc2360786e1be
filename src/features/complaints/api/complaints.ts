/**
 * The complaints API (the README's "Complaints"): GET /complaint (the register a user may see),
 * GET /complaint/{id}, POST /complaint (sent online or from the outbox), PATCH /complaint/{id},
 * GET /admin/complaints/report and the CSV export.
 */
import {
  invalidate,
  useReloadWhenSent,
  useWrite,
  type MutationOptions,
} from '../../../api/mutations';
import { submitOrQueue, type Submitted } from '../../../offline/submit';
import type { ComplaintCategory } from '../../../domain/complaints';
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

/** A complaint an agent records, and whose outbox it may wait in under which label. */
export type NewComplaint = {
  complaint: {
    lenderBusinessId: number;
    borrowerId: number;
    category: ComplaintCategory;
    text: string;
  };
  userId: number;
  label: string;
};

/**
 * Records a borrower's complaint: sent at once, or kept in the outbox with its
 * Idempotency-Key and sent once (docs/architecture.md §7). Once the server has it, the
 * complaints lists reload.
 */
export function useCreateComplaint(options?: MutationOptions<Submitted, NewComplaint>) {
  return useWrite(
    {
      mutationFn: ({ complaint, userId, label }: NewComplaint) =>
        submitOrQueue({
          userId,
          kind: 'complaint',
          lenderBusinessId: complaint.lenderBusinessId,
          label,
          request: { method: 'POST', path: COMPLAINT_PATH, json: complaint, refs: ['borrowerId'] },
        }),
      refresh: (queryClient, submitted) => {
        if (submitted.kind === 'sent') void invalidate(queryClient, 'complaints');
      },
    },
    options,
  );
}

/** The complaints lists reload when a complaint kept on the phone reaches the server. */
export function useReloadSentComplaints() {
  useReloadWhenSent('complaint', 'complaints');
}

/** Changes a complaint (owner, category, status, resolution); the complaints lists reload. */
export function useUpdateComplaint(
  id: number,
  options?: MutationOptions<ComplaintAnswer, ComplaintUpdate>,
) {
  return useWrite(
    {
      mutationFn: (change: ComplaintUpdate) => updateComplaint(id, change),
      refresh: (queryClient) => void invalidate(queryClient, 'complaints'),
    },
    options,
  );
}

/** Downloads the complaints register as CSV (nothing on screen changes). */
export function useDownloadComplaintsCsv(options?: MutationOptions<void>) {
  return useWrite({ mutationFn: downloadComplaintsCsv }, options);
}
