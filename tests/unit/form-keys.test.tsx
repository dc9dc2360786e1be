/**
 * A key typed in an agent's form draws its field, not the rest of the form: the first key of
 * a field makes it dirty, and Mantine's uncontrolled form draws the whole form for that
 * (DrawnWhen, src/components/drawn-when.tsx). What the rest shows still draws it again: the
 * errors of Next or Submit, cleared as they are typed away.
 */
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BorrowerSelectModule from '../../src/components/borrower-select';
import type * as DetailsStepModule from '../../src/features/borrowers/components/borrower-details-step';
import { theme } from '../../src/app/theme';
import { BorrowerForm } from '../../src/features/borrowers/components/borrower-form';
import { LoanApplicationForm } from '../../src/features/loans/components/loan-application-form';
import { borrowersEnglish as t } from '../../src/i18n/borrowers';
import { loansText } from '../../src/i18n/loans';
import { SessionProvider } from '../../src/lib/session';
import { storageKeys } from '../../src/lib/storage-keys';
import { fakeToken } from './fake-token';

// The real step and borrower picker, their renders counted.
const stepRenders = vi.hoisted(() => ({ count: 0 }));
const pickerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/components/borrower-select', async (original) => {
  const actual = await original<typeof BorrowerSelectModule>();
  return {
    ...actual,
    BorrowerSelect: ((props: Parameters<typeof actual.BorrowerSelect>[0]) => {
      pickerRenders.count += 1;
      return actual.BorrowerSelect(props);
    }) as typeof actual.BorrowerSelect,
  };
});
vi.mock('../../src/features/borrowers/components/borrower-details-step', async (original) => {
  const actual = await original<typeof DetailsStepModule>();
  return {
    BorrowerDetailsStep: (props: Parameters<typeof actual.BorrowerDetailsStep>[0]) => {
      stepRenders.count += 1;
      return actual.BorrowerDetailsStep(props);
    },
  };
});

const AGENT = 7;
const BUSINESS = 3;

const agentToken = () =>
  fakeToken({ id: AGENT, email: 'otieno@example.co.ke', roles: ['agent'], exp: 4e9 });

function renderForm(form: 'borrower' | 'loan application') {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(
    ['businesses', 'agent'],
    [{ id: BUSINESS, businessName: 'Soko Fresh', status: 'active' }],
  );
  client.setQueryData(['areas', BUSINESS], [{ id: 12, name: 'Gikomba' }]);
  client.setQueryData(['borrowers', { referrersOf: BUSINESS }], []);
  client.setQueryData(
    ['borrowers', { userId: AGENT, businessId: BUSINESS }],
    [
      {
        id: 41,
        firstName: 'Zawadi',
        lastName: 'Mutua',
        phoneNumber: '254712400500',
        status: 'active',
        loanLimit: 10_000,
      },
    ],
  );
  client.setQueryData(['loan-plans', BUSINESS], []);
  render(
    <MantineProvider theme={theme}>
      <SessionProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            {form === 'borrower' ? (
              <BorrowerForm borrower={null} defaultBusinessId={null} onCancel={() => {}} />
            ) : (
              <LoanApplicationForm userId={AGENT} businessId={BUSINESS} />
            )}
          </MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>
    </MantineProvider>,
  );
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

describe("the keys of an agent's forms", () => {
  beforeEach(() => {
    localStorage.setItem(storageKeys.token, agentToken());
    stepRenders.count = 0;
    pickerRenders.count = 0;
  });
  afterEach(() => localStorage.clear());

  it('the borrower form draws step 1 again for what it shows, not for a key', async () => {
    renderForm('borrower');
    const firstName = field(t.firstNameLabel);
    const drawn = stepRenders.count;
    expect(drawn).toBeGreaterThan(0);

    // The first key of a field (it becomes dirty) and the next ones.
    fireEvent.change(firstName, { target: { value: 'W' } });
    fireEvent.change(firstName, { target: { value: 'Wa' } });
    fireEvent.change(field(t.lastNameLabel), { target: { value: 'N' } });
    expect(firstName.value).toBe('Wa');
    expect(stepRenders.count).toBe(drawn);

    // Next with the rest empty: the errors show, and one typed away goes.
    fireEvent.click(screen.getByRole('button', { name: t.next }));
    expect(await screen.findByText(t.idNumberRequired)).toBeTruthy();
    expect(screen.getByText(t.businessRequired)).toBeTruthy();
    fireEvent.change(field(t.idNumberLabel), { target: { value: '31555601' } });
    expect(screen.queryByText(t.idNumberRequired)).toBeNull();
    expect(firstName.value).toBe('Wa');
  });

  it('the loan application draws its pickers again for what they show, not for a key', async () => {
    renderForm('loan application');
    const amount = field(loansText.principalLabel);
    // The borrowers waiting in the outbox are read from IndexedDB once, after the first render.
    await waitFor(() => expect(pickerRenders.count).toBeGreaterThan(1));
    const drawn = pickerRenders.count;
    expect(drawn).toBeGreaterThan(0);

    fireEvent.change(amount, { target: { value: '1' } });
    fireEvent.change(amount, { target: { value: '15' } });
    expect(amount.value).toBe('15');
    expect(pickerRenders.count).toBe(drawn);

    // Submit with no borrower: the picker shows the error.
    fireEvent.click(screen.getByRole('button', { name: loansText.submitApplication }));
    expect(await screen.findByText(loansText.borrowerRequired)).toBeTruthy();
    expect(pickerRenders.count).toBeGreaterThan(drawn);
  });

  it("draws a picker's options when it opens, not hidden beforehand", async () => {
    renderForm('loan application');
    await waitFor(() => expect(pickerRenders.count).toBeGreaterThan(1));
    expect(document.querySelectorAll('[data-combobox-option]')).toHaveLength(0);
    fireEvent.click(
      screen.getByRole('textbox', { name: new RegExp(`^${loansText.borrowerLabel}`) }),
    );
    expect(await screen.findByRole('option', { name: /Zawadi Mutua/ })).toBeTruthy();
  });

  it('a picker opened from the keyboard still reaches its options and chooses one', async () => {
    renderForm('loan application');
    await waitFor(() => expect(pickerRenders.count).toBeGreaterThan(1));
    const picker = screen.getByRole('textbox', {
      name: new RegExp(`^${loansText.borrowerLabel}`),
    }) as HTMLInputElement;
    picker.focus();
    fireEvent.keyDown(picker, { key: 'ArrowDown', code: 'ArrowDown' });
    await screen.findByRole('option', { name: /Zawadi Mutua/ });
    fireEvent.keyDown(picker, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(picker.value).toMatch(/Zawadi Mutua/));
  });
});
