// @vitest-environment node
/**
 * Records waiting in the outbox as the screens show them (docs/architecture.md §7): a borrower with
 * the area chosen, a loan-file upload with its files, and form ids that may be temporary.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../src/offline/db';
import { idOrTempIdField, pendingBorrowerOf, pendingLoanFileOf } from '../../src/offline/pending';

function item(overrides: Partial<OutboxItem>): OutboxItem {
  return {
    seq: 1,
    id: 'b6f1c7f2-0000-4000-8000-000000000001',
    userId: 7,
    kind: 'borrower',
    status: 'waiting',
    attempts: 0,
    lastError: null,
    nextAttemptAt: 0,
    createdAt: Date.UTC(2026, 10, 23, 9, 30),
    lenderBusinessId: 3,
    tempId: -2,
    label: 'Borrower',
    request: { method: 'POST', path: '/borrower/register' },
    ...overrides,
  };
}

describe('records waiting in the outbox', () => {
  it('a pending borrower keeps the area chosen', () => {
    const borrower = pendingBorrowerOf(
      item({
        request: {
          method: 'POST',
          path: '/borrower/register',
          form: {
            fields: {
              firstName: 'Akinyi',
              lastName: 'Njoki',
              phoneNumber: '0712 555 601',
              idNumber: '31555601',
              lenderBusinessAreaId: '12',
            },
            files: {},
          },
        },
      }),
    );
    expect(borrower).toMatchObject({
      id: -2,
      firstName: 'Akinyi',
      phoneNumber: '254712555601',
      lenderBusinessAreaId: 12,
      status: 'sending',
    });
  });

  it('a pending loan-file upload lists its files under its borrower', () => {
    const upload = pendingLoanFileOf(
      item({
        kind: 'loanFile',
        tempId: null,
        request: {
          method: 'POST',
          path: '/loan-agreement-uploads/files',
          form: {
            fields: { description: 'Signed agreement', borrowerId: '-2' },
            files: {
              loanAgreementfilesorImage: {
                blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
                name: 'agreement.pdf',
              },
            },
          },
          refs: ['borrowerId'],
        },
      }),
    );
    expect(upload).toEqual({
      id: 'b6f1c7f2-0000-4000-8000-000000000001',
      borrowerId: -2,
      description: 'Signed agreement',
      files: [
        {
          field: 'loanAgreementfilesorImage',
          name: 'agreement.pdf',
          type: 'application/pdf',
          sizeBytes: 8,
        },
      ],
      createdAt: '2026-11-23T09:30:00.000Z',
    });
    expect(pendingLoanFileOf(item({ kind: 'followUp' }))).toBeNull();
  });

  it('a form may choose a record still in the outbox by its temporary id, never none', () => {
    const field = idOrTempIdField('Please select a borrower');
    expect(v.parse(field, '-2')).toBe(-2);
    expect(v.parse(field, '15')).toBe(15);
    expect(v.safeParse(field, '').success).toBe(false);
    expect(v.safeParse(field, '0').success).toBe(false);
    expect(v.safeParse(field, '1.5').success).toBe(false);
  });
});
