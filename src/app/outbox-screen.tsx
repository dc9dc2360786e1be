/**
 * The Outbox screen with the form each kind of item was made with, for the agent to
 * correct what the server refused (docs/architecture.md §7). The forms belong to their
 * features, which never import each other, so they meet here; each loads the first time
 * an item of its kind is opened.
 */
import { lazy } from 'react';
import { OutboxPage } from '../features/outbox/pages/outbox-page';
import type { OutboxRepairForms } from '../offline/repair';

export const repairForms: OutboxRepairForms = {
  borrower: lazy(async () => ({
    default: (await import('../features/borrowers/components/borrower-form')).BorrowerRepairForm,
  })),
  loanApplication: lazy(async () => ({
    default: (await import('../features/loans/components/loan-application-form'))
      .LoanApplicationRepairForm,
  })),
  loanFile: lazy(async () => ({
    default: (await import('../features/loan-files/components/loan-files-form'))
      .LoanFilesRepairForm,
  })),
  complaint: lazy(async () => ({
    default: (await import('../features/complaints/components/complaint-form')).ComplaintRepairForm,
  })),
  followUp: lazy(async () => ({
    default: (await import('../features/follow-ups/components/follow-up-form')).FollowUpRepairForm,
  })),
};

export function OutboxScreen() {
  return <OutboxPage repairForms={repairForms} />;
}
