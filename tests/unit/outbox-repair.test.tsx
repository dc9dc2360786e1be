/**
 * An item the server refused opens in the form it was made with (docs/architecture.md §7):
 * for each kind, the queued request becomes the form's values (real labels, pickers
 * showing names, phone numbers as typed, the photos kept), and saving turns them back
 * into the request the server expects. A borrower still in the outbox shows by name under
 * its temporary id; one the server confirmed since shows under its real id. The whole
 * screen keeps the item's id, place and temporary id and changes only its request.
 *
 * The forms are the features' own, reached as the Outbox screen reaches them (src/app).
 * IndexedDB is fake-indexeddb's; it cannot keep happy-dom's Files, so items with files are
 * handed to the dialog directly, and only the screen's journey goes through the store.
 */
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxScreen, repairForms } from '../../src/app/outbox-screen';
import { BORROWER_CONSENT_VERSION, type Borrower } from '../../src/domain/borrowers';
import type { LoanPlan } from '../../src/domain/setup';
import { RepairItemDialog } from '../../src/features/outbox/components/repair-item-dialog';
import { borrowersEnglish as borrowerTexts } from '../../src/i18n/borrowers';
import { offlineText } from '../../src/i18n/offline';
import { SessionProvider } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage-keys';
import { offlineDb, type OutboxItem, type OutboxRequest } from '../../src/offline/db';
import { fakeToken } from './fake-token';

const AGENT = 7;
const BUSINESS = 3;

const agentToken = () =>
  fakeToken({ id: AGENT, email: 'otieno@example.co.ke', roles: ['agent'], exp: 4e9 });

const zawadi = {
  id: 41,
  firstName: 'Zawadi',
  lastName: 'Mutua',
  phoneNumber: '254712400500',
  idNumber: '30111222',
  status: 'active',
  loanLimit: 10_000,
} as Borrower;

const plan = {
  id: 5,
  name: 'Soko 28',
  durationInDays: 28,
  interestRate: 10,
  processingFee: 2,
  repaymentCycle: { id: 1, name: 'Weekly', days: 7 },
} as LoanPlan;

/** What the agent read before going offline, as the query cache holds it. */
function readBefore(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(
    ['businesses', 'agent'],
    [{ id: BUSINESS, businessName: 'Soko Fresh', status: 'active' }],
  );
  client.setQueryData(
    ['areas', BUSINESS],
    [
      { id: 12, name: 'Gikomba' },
      { id: 13, name: 'Kariakoo' },
    ],
  );
  client.setQueryData(['borrowers', { referrersOf: BUSINESS }], [zawadi]);
  client.setQueryData(['borrowers', { userId: AGENT, businessId: BUSINESS }], [zawadi]);
  client.setQueryData(['loan-plans', BUSINESS], [plan]);
  return client;
}

function item(overrides: Partial<OutboxItem> & Pick<OutboxItem, 'kind' | 'request'>): OutboxItem {
  return {
    id: crypto.randomUUID(),
    userId: AGENT,
    status: 'needsAttention',
    attempts: 1,
    lastError: null,
    nextAttemptAt: 0,
    createdAt: Date.UTC(2026, 10, 23, 9, 30),
    lenderBusinessId: BUSINESS,
    tempId: null,
    label: 'Item',
    ...overrides,
  };
}

/** A borrower registered offline and still in the outbox, under temporary id -2. */
const akinyi = item({
  kind: 'borrower',
  status: 'waiting',
  attempts: 0,
  tempId: -2,
  label: 'Akinyi Njoki',
  request: {
    method: 'POST',
    path: '/borrower/register',
    form: {
      fields: {
        firstName: 'Akinyi',
        lastName: 'Njoki',
        phoneNumber: '254712555601',
        idNumber: '31555601',
        lenderBusinessId: String(BUSINESS),
        lenderBusinessAreaId: '12',
      },
      files: {},
    },
  },
});

function wrap(children: ReactNode) {
  return (
    <MantineProvider>
      <SessionProvider>
        <QueryClientProvider client={readBefore()}>
          <MemoryRouter initialEntries={['/dashboard/outbox']}>{children}</MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>
    </MantineProvider>
  );
}

/** The repair dialog of `queued`; answers what Save hands back. */
async function openRepair(queued: OutboxItem) {
  const onSave = vi.fn<(request: OutboxRequest) => void>();
  render(
    wrap(<RepairItemDialog item={queued} forms={repairForms} onClose={vi.fn()} onSave={onSave} />),
  );
  const dialog = await screen.findByRole('dialog', { name: offlineText.editTitle });
  const save = await within(dialog).findByRole('button', { name: /^(Save and retry|Next)$/ });
  return { dialog, save, onSave };
}

function inputOf(dialog: HTMLElement, label: RegExp): HTMLInputElement {
  return within(dialog).getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
}

/** No raw field name, id or stored phone number on screen (a select's hidden input holds the id). */
function expectNoRawFields(dialog: HTMLElement, ...raw: string[]) {
  const text = dialog.textContent ?? '';
  const values = [...dialog.querySelectorAll('input:not([type="hidden"]), textarea')].map(
    (input) => (input as HTMLInputElement).value,
  );
  for (const word of raw) {
    expect(text).not.toContain(word);
    expect(values).not.toContain(word);
  }
}

const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'baraka.png', { type: 'image/png' });

describe('the outbox repair form of each kind', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem(storageKeys.token, agentToken());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('no request is expected'))),
    );
    await offlineDb.outbox.clear();
    await offlineDb.idMap.clear();
    await offlineDb.outbox.add(akinyi);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a borrower registration: the registration form, its phone numbers as typed and sent as stored', async () => {
    const passportPhoto = photo();
    const queued = item({
      kind: 'borrower',
      tempId: -5,
      label: 'Baraka Otieno',
      lastError: borrowerTexts.phoneTaken,
      request: {
        method: 'POST',
        path: '/borrower/register',
        form: {
          fields: {
            firstName: 'Baraka',
            lastName: 'Otieno',
            phoneNumber: '254700000002',
            alternativePhoneNumber: '254711000003',
            referringBorrowerId: '41',
            lenderBusinessId: String(BUSINESS),
            lenderBusinessAreaId: '12',
            gender: 'male',
            dob: '1991-03-02',
            nextOfKinName: 'Peter Otieno',
            nextOfKinNumber: '0711222444',
            nextOfKinRelation: 'Brother',
            idNumber: '31555602',
            language: 'sw',
            consent: 'true',
            consentVersion: BORROWER_CONSENT_VERSION,
            consentAt: '2026-11-23T09:30:00.000Z',
            consentLanguage: 'sw',
          },
          files: { passportPhoto: { blob: passportPhoto, name: 'baraka.png' } },
        },
      },
    });
    const { dialog, save, onSave } = await openRepair(queued);

    // The server's sentence above the form, and on the field it names.
    expect(within(dialog).getAllByText(borrowerTexts.phoneTaken)).toHaveLength(2);
    expect(inputOf(dialog, /^First Name/).value).toBe('Baraka');
    const phone = inputOf(dialog, /^Phone Number/);
    expect(phone.value).toBe('0700000002');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(inputOf(dialog, /^Alternative Phone Number/).value).toBe('0711000003');
    expect(inputOf(dialog, /^Date of Birth/).value).toBe('02/03/1991');
    // The fields below a phone's screen are drawn just after the others.
    await within(dialog).findByLabelText(/^Area/);
    expect(inputOf(dialog, /^Area/).value).toBe('Gikomba');
    expect(inputOf(dialog, /^Referred by/).value).toBe('Zawadi Mutua · 0712 400 500');
    expectNoRawFields(dialog, 'firstName', 'lenderBusinessAreaId', '254700000002', '12', '41');

    fireEvent.change(phone, { target: { value: '0700 000 009' } });
    expect(phone).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(save);
    // The documents step holds the photo kept with the item, and the consent given then.
    await within(dialog).findByText('baraka.png');
    expect(within(dialog).getByRole('checkbox')).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: offlineText.saveAndRetry }));

    expect(onSave).toHaveBeenCalledTimes(1);
    const request = onSave.mock.calls[0]![0];
    expect(request).toMatchObject({ method: 'POST', path: '/borrower/register' });
    expect(request.form!.fields).toEqual({
      ...queued.request.form!.fields,
      phoneNumber: '254700000009',
    });
    expect(Object.keys(request.form!.files)).toEqual(['passportPhoto']);
    expect(request.form!.files.passportPhoto!.name).toBe('baraka.png');
    expect(request.form!.files.passportPhoto!.blob.size).toBe(passportPhoto.size);
  });

  it('a loan application for a borrower still in the outbox: the borrower by name, the plan and principal', async () => {
    const queued = item({
      kind: 'loanApplication',
      label: 'Loan application for Akinyi Njoki',
      lastError: 'The principal is above the plan’s limit.',
      request: {
        method: 'POST',
        path: '/loan/apply',
        json: { borrowerId: -2, lenderLoanPlanId: 5, principalAmount: 2000, lenderBusinessId: 3 },
        refs: ['borrowerId'],
      },
    });
    const { dialog, save, onSave } = await openRepair(queued);

    await waitFor(() =>
      expect(inputOf(dialog, /^Borrower/).value).toBe('Akinyi Njoki · 0712 555 601 · Sending'),
    );
    expect(inputOf(dialog, /^Loan Plan/).value).toMatch(/^Soko 28/);
    const principal = inputOf(dialog, /^Principal Amount/);
    expect(principal.value).toBe('2,000');
    expectNoRawFields(dialog, 'borrowerId', 'lenderLoanPlanId', '-2');

    fireEvent.change(principal, { target: { value: '1,500' } });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({
      ...queued.request,
      json: { borrowerId: -2, lenderLoanPlanId: 5, principalAmount: 1500, lenderBusinessId: 3 },
    });
  });

  it('a loan application whose borrower the server has confirmed since: the real borrower', async () => {
    await offlineDb.idMap.add({ tempId: -4, realId: 41, kind: 'borrower', userId: AGENT });
    const queued = item({
      kind: 'loanApplication',
      label: 'Loan application for Zawadi Mutua',
      request: {
        method: 'POST',
        path: '/loan/apply',
        json: { borrowerId: -4, lenderLoanPlanId: 5, principalAmount: 3000, lenderBusinessId: 3 },
        refs: ['borrowerId'],
      },
    });
    const { dialog, save, onSave } = await openRepair(queued);

    expect(inputOf(dialog, /^Borrower/).value).toBe('Zawadi Mutua · 0712 400 500');
    fireEvent.click(save);
    expect(onSave.mock.calls[0]![0].json).toMatchObject({ borrowerId: 41 });
  });

  it('a loan file: the upload form with its borrower and the file kept', async () => {
    const agreement = new File(['signed'], 'agreement.png', { type: 'image/png' });
    const queued = item({
      kind: 'loanFile',
      label: 'Loan files for Akinyi Njoki',
      lastError: 'The borrower is not in this business.',
      request: {
        method: 'POST',
        path: '/loan-agreement-uploads/files',
        form: {
          fields: { description: 'Signed agreement, witnessed.', borrowerId: '-2' },
          files: { loanAgreementfilesorImage: { blob: agreement, name: 'agreement.png' } },
        },
        refs: ['borrowerId'],
      },
    });
    const { dialog, save, onSave } = await openRepair(queued);

    await waitFor(() =>
      expect(inputOf(dialog, /^Borrower/).value).toBe('Akinyi Njoki · 0712 555 601 · Sending'),
    );
    const description = inputOf(dialog, /^Description/);
    expect(description.value).toBe('Signed agreement, witnessed.');
    within(dialog).getByText('agreement.png');
    expectNoRawFields(dialog, 'description', 'borrowerId', 'loanAgreementfilesorImage', '-2');

    fireEvent.change(description, { target: { value: 'Signed agreement.' } });
    fireEvent.click(save);
    const request = onSave.mock.calls[0]![0];
    expect(request.refs).toEqual(['borrowerId']);
    expect(request.form!.fields).toEqual({ description: 'Signed agreement.', borrowerId: '-2' });
    expect(request.form!.files.loanAgreementfilesorImage!.name).toBe('agreement.png');
    expect(Object.keys(request.form!.files)).toEqual(['loanAgreementfilesorImage']);
  });

  it('a follow-up: its comment, checked as the follow-up form checks it', async () => {
    const queued = item({
      kind: 'followUp',
      tempId: -7,
      label: 'Follow-up on K7M3QX9P',
      lastError: 'This loan is not followed up any more.',
      request: { method: 'POST', path: '/follow-up', json: { loanId: 77, comment: 'Will pay.' } },
    });
    const { dialog, save, onSave } = await openRepair(queued);

    const comment = inputOf(dialog, /^Comment/);
    expect(comment.value).toBe('Will pay.');
    expectNoRawFields(dialog, 'comment', 'loanId', '77');

    fireEvent.change(comment, { target: { value: 'Pay' } });
    fireEvent.click(save);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(comment, { target: { value: 'Will pay on Friday at the market.' } });
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({
      method: 'POST',
      path: '/follow-up',
      json: { loanId: 77, comment: 'Will pay on Friday at the market.' },
    });
  });

  it('the Outbox screen sends the item again with its id, place and temporary id, only its request changed', async () => {
    const queued = item({
      kind: 'followUp',
      tempId: -7,
      label: 'Follow-up on K7M3QX9P',
      lastError: 'This loan is not followed up any more.',
      request: { method: 'POST', path: '/follow-up', json: { loanId: 77, comment: 'Will pay.' } },
    });
    const seq = await offlineDb.outbox.add(queued);
    render(wrap(<OutboxScreen />));
    const card = await screen.findByRole('article', { name: 'Follow-up on K7M3QX9P' });
    fireEvent.click(within(card).getByRole('button', { name: offlineText.edit }));
    const dialog = await screen.findByRole('dialog', { name: offlineText.editTitle });
    fireEvent.change(await within(dialog).findByLabelText(/^Comment/), {
      target: { value: 'Will pay on Friday at the market.' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: offlineText.saveAndRetry }));
    });

    await waitFor(async () =>
      expect(await offlineDb.outbox.get(seq)).toMatchObject({ status: 'waiting' }),
    );
    expect(await offlineDb.outbox.get(seq)).toEqual({
      ...queued,
      seq,
      status: 'waiting',
      lastError: null,
      nextAttemptAt: 0,
      request: {
        ...queued.request,
        json: { loanId: 77, comment: 'Will pay on Friday at the market.' },
      },
    });
  });
});
